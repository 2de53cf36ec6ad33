import Actuate
@testable import ActuateTesting
import Testing

/// What a recorder records into: a name to tell two recordings apart, the ticks its timer counts, and
/// whether its hook greeted it as it started.
protocol Recording: Equatable, Sendable {
  var name: String { get }
  var ticks: Int { get set }
  var greeted: Bool { get set }
}

/// A recording with no identity of its own, as TCA's VoiceMemos' recording memo.
struct Memo: Recording {
  var name: String
  var ticks = 0
  var greeted = false
}

/// A recording with an identity.
struct Take: Recording, Identifiable {
  var id: Int
  var name = ""
  var ticks = 0
  var greeted = false
}

/// A child whose `.start` waits a second and ticks, whose cleanup notes the recording it ran for, and whose
/// hook greets it once as it starts.
struct RecorderInteractor<State: Recording>: Interactor {
  enum Action: Equatable, Sendable {
    case start
    case greet
  }

  enum Hook: CaseIterable, Sendable {
    case greeting
  }

  let cleanups: Locked<[String]>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .start:
      try? await store.sleep(for: .seconds(1))
      store.ticks += 1  // dropped once cancelled: a stale write
    case .greet:
      store.greeted = true
    }
  }

  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    cleanups.withLock { $0.append("\(store.name) \(reason)") }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .send(
      AsyncStream<Action> {
        $0.yield(.greet); $0.finish()
      })
  }
}

/// A parent with a memo while there is one, a take while there is one, and a list of takes. (The same
/// interactors as ActuateTests' `ReplacedChildTests`.)
struct StudioInteractor: Interactor {
  struct State: Equatable, Sendable {
    var memo: Memo?
    var take: Take?
    var takes: [Take] = []
    var marks = 0
  }

  enum Action: Equatable, Sendable {
    case memo(RecorderInteractor<Memo>.Action)
    case take(RecorderInteractor<Take>.Action)
    case takes(Int, RecorderInteractor<Take>.Action)
    /// Closes the memo and opens another in one stretch.
    case reopenMemo(String)
    /// Assigns another memo in place, without closing the one there.
    case overwriteMemo(String)
    /// Replaces the take by one with another id.
    case replaceTake(Int)
    /// Renames the take: the same take.
    case renameTake(String)
    /// Removes the take with an id from the list and adds one with the same id, in one stretch.
    case readdTake(Int)
    /// Assigns a take with the same id in place.
    case overwriteTake(Int, String)
    case mark
  }

  let cleanups: Locked<[String]>

  var children: [Child<Self>] {
    [
      .ifPresent(\.memo, interactor: RecorderInteractor<Memo>(cleanups: cleanups), embed: Action.memo) {
        guard case .memo(let action) = $0 else { return nil }
        return action
      },
      .ifPresent(\.take, interactor: RecorderInteractor<Take>(cleanups: cleanups), embed: Action.take) {
        guard case .take(let action) = $0 else { return nil }
        return action
      },
      .forEach(\.takes, interactor: RecorderInteractor<Take>(cleanups: cleanups), embed: Action.takes) {
        guard case .takes(let id, let action) = $0 else { return nil }
        return (id, action)
      },
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .memo, .take, .takes:
      break
    case .reopenMemo(let name):
      store.memo = nil
      store.memo = Memo(name: name)
    case .overwriteMemo(let name):
      store.memo = Memo(name: name)
    case .replaceTake(let id):
      store.take = Take(id: id, name: "\(id)")
    case .renameTake(let name):
      store.take?.name = name
    case .readdTake(let id):
      store.takes.removeAll { $0.id == id }
      store.takes.append(Take(id: id, name: "new \(id)"))
    case .overwriteTake(let id, let name):
      store.takes[store.takes.firstIndex { $0.id == id }!] = Take(id: id, name: name)
    case .mark:
      store.marks += 1
    }
  }
}

@Suite("TestStore: a replaced child is a new child")
struct ReplacedChildTestStoreTests {
  private let cleanups = Locked<[String]>([])
  private let clock = TestClock()

  private func studio(_ state: StudioInteractor.State) -> TestStore<StudioInteractor> {
    TestStore(
      initialState: state, interactor: StudioInteractor(cleanups: cleanups), clock: clock, timeout: .milliseconds(200))
  }

  @Test func anOptionalSetToNilAndBackInOneStretchIsANewChild() async {
    let store = studio(.init(memo: Memo(name: "a")))
    await store.receive(.memo(.greet)) { $0.memo?.greeted = true }
    await store.send(.memo(.start))
    await store.send(.reopenMemo("b")) { $0.memo = Memo(name: "b") }
    await store.receive(.memo(.greet)) { $0.memo?.greeted = true }  // the new memo's own hook
    await clock.advance(by: .seconds(1))  // the old memo's timer is gone: nothing ticks into "b"
    await store.finish()
    #expect(cleanups.withLock { $0 }.isEmpty)  // no cleanup for a child that went away
  }

  @Test func anIdentifiableOptionalReplacedByAnotherIdIsANewChild() async {
    let store = studio(.init(take: Take(id: 1, name: "1")))
    await store.receive(.take(.greet)) { $0.take?.greeted = true }
    await store.send(.take(.start))
    await store.send(.replaceTake(2)) { $0.take = Take(id: 2, name: "2") }
    await store.receive(.take(.greet)) { $0.take?.greeted = true }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func anIdentifiableOptionalWithTheSameIdRunsOn() async {
    let store = studio(.init(take: Take(id: 1, name: "1")))
    await store.receive(.take(.greet)) { $0.take?.greeted = true }
    await store.send(.take(.start))
    await store.send(.renameTake("one")) { $0.take?.name = "one" }
    await clock.advance(by: .seconds(1))
    await store.step(assert: { $0.take?.ticks = 1 })
    await store.finish()
  }

  @Test func anElementRemovedAndAddedBackInOneStretchIsANewChild() async {
    let store = studio(.init(takes: [Take(id: 1, name: "old 1")]))
    await store.receive(.takes(1, .greet)) { $0.takes[0].greeted = true }
    await store.send(.takes(1, .start))
    await store.send(.readdTake(1)) { $0.takes = [Take(id: 1, name: "new 1")] }
    await store.receive(.takes(1, .greet)) { $0.takes[0].greeted = true }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
