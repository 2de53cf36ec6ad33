import Actuate
@testable import ActuateTesting
import Testing

/// A cancelled handler's cleanup is a change like any other in a TestStore: `send` asserts the ones its
/// handler's cancels run, which are part of its change, and those its own policy sets off with its first
/// change; `step` asserts one that is a change of its own (a cancel from outside); an unasserted one fails
/// the test.
@Suite("TestStore: cleanups")
struct CleanupAssertionTests {
  struct Upload: Interactor {
    struct State: Equatable, Sendable {
      var isUploading = false
      var uploaded: [String] = []
    }

    enum Action: Equatable, Sendable {
      case upload(String)
      case cancelUpload
    }

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      switch action {
      case .upload(let name):
        store.isUploading = true
        try? await store.sleep(for: .seconds(1))
        store.uploaded.append(name)
        store.isUploading = false
      case .cancelUpload:
        store.cancel(id: "upload")
      }
    }

    func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
      store.isUploading = false
    }

    func policy(for action: Action) -> ActionPolicy {
      if case .upload = action { return .cancelPrevious(id: "upload") }
      return .concurrent
    }
  }

  @Test func sendAssertsTheCleanupOfAnUploadItsHandlerCancelsByIDWithItsChange() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Upload(), clock: clock)
    await store.send(.upload("a")) { $0.isUploading = true }
    await store.send(.cancelUpload) { $0.isUploading = false }
    await clock.run()
    await store.finish()
  }

  @Test func stepAssertsTheCleanupOfAnUploadCancelledByIDFromOutside() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Upload(), clock: clock)
    await store.send(.upload("a")) { $0.isUploading = true }
    store.store.cancel(id: "upload")
    await store.step { $0.isUploading = false }
    await clock.run()
    await store.finish()
  }

  @Test func aSendAssertsTheCleanupItsPolicySetOffWithItsFirstChange() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Upload(), clock: clock)
    await store.send(.upload("a")) { $0.isUploading = true }
    await store.send(.upload("b"))  // the cleanup turns the spinner off, the new upload on again
    await clock.run()
    await store.step {
      $0.uploaded = ["b"]
      $0.isUploading = false
    }
    await store.finish()
  }

  @Test func anUnassertedCleanupFailsTheTestNamingTheCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Upload(), clock: clock, timeout: .milliseconds(100))
    let reported = await failures {
      await store.send(.upload("a")) { $0.isUploading = true }
      store.store.cancel(id: "upload")
      await clock.run()
      await store.finish()
    }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("a state change by the cleanup of .upload(\"a\"), cancelled (explicit)") == true)
  }

  @Test func cancelAssertsTheCleanupOfAnUploadCancelledFromOutside() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Upload(), clock: clock)
    await store.send(.upload("a")) { $0.isUploading = true }
    await store.cancel(id: "upload") { $0.isUploading = false }
    await clock.run()
    await store.finish()
  }

  @Test func cancelWithNothingUnderTheIdentifierChangesNothing() async {
    let store = TestStore(initialState: .init(), interactor: Upload(), clock: TestClock())
    await store.cancel(id: "upload")
    await store.finish()
  }

  @Test func anUnassertedCleanupOfACancelFromOutsideIsReportedThere() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Upload(), clock: clock)
    await store.send(.upload("a")) { $0.isUploading = true }
    let reported = await failures { await store.cancel(id: "upload") }
    #expect(
      reported == [
        """
        cancel(id: "upload") changed the state, but the test expected no change (- before, + after):

              CleanupAssertionTests.Upload.State(
            -   isUploading: true,
            +   isUploading: false,
                uploaded: []
              )
        Pass a closure that makes this change: cancel(id: …) { $0… = … }.
        """
      ])
    await clock.run()
    await store.finish()
  }
}
