@testable import Actuate
import ActuateTesting
import Dispatch
import Testing

/// A view model never shows a stretch half done, even one that cancels a started handler in its middle.
///
/// Serialized: a case whose stretch was published half done blocks one of the store's threads for a
/// moment, which the view model's follower may need to reach the main actor.
@MainActor
@Suite("View store: one stretch, one change", .serialized)
struct StoreModelOneChangeTests {
  @Test(arguments: [ClearingSearch.How.id, .ids, .predicate], [ClearingSearch.Cleanup.none, .resets])
  func aViewNeverSeesAClearHalfDone(how: ClearingSearch.How, cleanup: ClearingSearch.Cleanup) async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let shown = Shown()
    // Right after the cancel, the store waits until the model shows every state published so far: had the
    // cancel published the stretch's writes before it, the model would show that half-done state.
    let interactor = ClearingSearch(cleanup: cleanup, midway: { store in shown.waitUntilShown(store.publishedState) })
    let model = StoreModel(initialState: .init(), interactor: interactor, clock: TestClock())
    let token = model.observe(\.visible) { visible in shown.seen.withLock { $0.append(visible) } }
    model.send(.search("tabb"))
    await model.store.settleIntake()
    await model.catchUp()
    await model.sendAndWait(.clear(how))
    #expect(shown.seen.withLock { $0 } == [.initial, .searching, .cleared])
    #expect(model.state.cleanups == (cleanup == .none ? [] : ["search(\"tabb\") (explicit)"]))
    _ = token
  }
}

/// What a view model of a test has shown, for the store to wait on from the middle of a stretch.
final class Shown: Sendable {
  let seen = Locked<[ClearingSearch.Visible]>([])

  /// Blocks the calling thread (the store's, in the middle of a stretch) until the model has shown what
  /// `state` shows, at most ten seconds; returns at once if it has already.
  func waitUntilShown(_ state: ClearingSearch.State) {
    guard seen.withLock({ $0.last }) != state.visible else { return }
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
      while seen.withLock({ $0.last }) != state.visible { await Task.yield() }
      done.signal()
    }
    _ = done.wait(timeout: .now() + .seconds(10))
  }
}

extension StoreActor {
  /// The state as the store's subscribers last had it: before the open change, if one is open.
  var publishedState: I.State { stretch.openChange == nil ? state : stateBeforeChange }
}
