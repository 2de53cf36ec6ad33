@testable import Actuate
import ActuateTesting
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

/// A parent with a memo while there is one, a take while there is one, and a list of takes.
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

/// Whether a log line is a write of a `.start` carried by the parent action that begins with `carrier`,
/// dropped.
private func isDropped(_ line: String, by carrier: String) -> Bool {
  line.hasPrefix("dropped write ") && line.contains(" by \(carrier)") && line.hasSuffix(".Action.start)")
}

// Each test awaits the old child's task last: without the rule it would still be sleeping, or have ticked.
@Suite("Children: a replaced child is a new child", .timeLimit(.minutes(1)))
struct ReplacedChildTests {
  private let cleanups = Locked<[String]>([])

  private func studio(_ state: StudioInteractor.State, clock: TestClock) -> (
    Store<StudioInteractor>, EventLog<StudioInteractor>
  ) {
    Store.observed(state: state, interactor: StudioInteractor(cleanups: cleanups), clock: clock)
  }

  /// Every state the store publishes until `marks` reaches `marks`, read from `states`.
  private func states(
    _ iterator: inout StoreValues<StudioInteractor.State>.AsyncIterator, untilMarks marks: Int
  ) async -> [StudioInteractor.State] {
    var seen: [StudioInteractor.State] = []
    while let state = await iterator.next() {
      seen.append(state)
      if state.marks == marks { break }
    }
    return seen
  }

  @Test func anOptionalSetToNilAndBackInOneStretchIsANewChild() async {
    let clock = TestClock()
    let (store, log) = studio(.init(memo: Memo(name: "a")), clock: clock)
    var states = store.states.makeAsyncIterator()
    var memos = store.values(\.memo).makeAsyncIterator()
    let old = store.send(.memo(.start))
    await store.settleIntake()
    await store.send(.reopenMemo("b")).finish()
    #expect(cleanups.withLock { $0 }.isEmpty)  // no cleanup for a child that went away
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    store.send(.mark)
    let seen = await self.states(&states, untilMarks: 1)
    // The old recording's timer never ticks into "b", and "b" was greeted by a hook of its own.
    #expect(!seen.contains { $0.memo?.name == "b" && $0.memo!.ticks > 0 })
    #expect(seen.last?.memo?.name == "b" && seen.last?.memo?.ticks == 0)
    var lastMemo: Memo??
    while let memo = await memos.next() {
      lastMemo = memo
      if memo?.name == "b", memo?.greeted == true { break }
    }
    #expect(lastMemo == Memo(name: "b", ticks: 0, greeted: true))
    #expect(log.lines.contains { isDropped($0, by: "memo(") })
    #expect(await old.finish() == .cancelled(.childGone))
  }

  @Test func anOptionalOverwrittenInPlaceIsTheSameChild() async {
    let clock = TestClock()
    let (store, _) = studio(.init(memo: Memo(name: "a")), clock: clock)
    let task = store.send(.memo(.start))
    await store.settleIntake()
    await store.send(.overwriteMemo("b")).finish()
    await clock.advance(by: .seconds(1))
    #expect(await task.finish() == .completed)
    #expect(await store.state.memo?.ticks == 1)
    #expect(cleanups.withLock { $0 }.isEmpty)
  }

  @Test func anIdentifiableOptionalReplacedByAnotherIdIsANewChild() async {
    let clock = TestClock()
    let (store, log) = studio(.init(take: Take(id: 1, name: "1")), clock: clock)
    var takes = store.values(\.take).makeAsyncIterator()
    let old = store.send(.take(.start))
    await store.settleIntake()
    await store.send(.replaceTake(2)).finish()
    #expect(cleanups.withLock { $0 }.isEmpty)  // no cleanup for a child that went away
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    var lastTake: Take??
    while let take = await takes.next() {
      lastTake = take
      #expect(take?.id != 2 || take?.ticks == 0)
      if take?.id == 2, take?.greeted == true { break }
    }
    #expect(lastTake == Take(id: 2, name: "2", ticks: 0, greeted: true))
    #expect(await store.state.take == Take(id: 2, name: "2", ticks: 0, greeted: true))
    #expect(log.lines.contains { isDropped($0, by: "take(") })
    #expect(await old.finish() == .cancelled(.childGone))
  }

  @Test func anIdentifiableOptionalWithTheSameIdIsTheSameChild() async {
    let clock = TestClock()
    let (store, _) = studio(.init(take: Take(id: 1, name: "1")), clock: clock)
    let task = store.send(.take(.start))
    await store.settleIntake()
    await store.send(.renameTake("one")).finish()
    await clock.advance(by: .seconds(1))
    #expect(await task.finish() == .completed)
    #expect(await store.state.take?.ticks == 1)
    #expect(cleanups.withLock { $0 }.isEmpty)
  }

  @Test func anElementRemovedAndAddedBackInOneStretchIsANewChild() async {
    let clock = TestClock()
    let (store, log) = studio(.init(takes: [Take(id: 1, name: "old 1"), Take(id: 2, name: "2")]), clock: clock)
    var states = store.states.makeAsyncIterator()
    let old = store.send(.takes(1, .start))
    let other = store.send(.takes(2, .start))
    await store.settleIntake()
    await store.send(.readdTake(1)).finish()
    #expect(cleanups.withLock { $0 }.isEmpty)  // no cleanup for a child that went away
    await clock.advance(by: .seconds(1))
    #expect(await other.finish() == .completed)  // its sibling's work runs on
    store.send(.mark)
    let seen = await self.states(&states, untilMarks: 1)
    #expect(!seen.contains { $0.takes.contains { $0.name == "new 1" && $0.ticks > 0 } })
    #expect(seen.last?.takes.map { "\($0.name) \($0.ticks)" } == ["2 1", "new 1 0"])
    // The new take is greeted by a hook of its own.
    var takes = store.values(\.takes).makeAsyncIterator()
    while let takes = await takes.next(), takes.last?.greeted != true {}
    #expect(await store.state.takes.last == Take(id: 1, name: "new 1", ticks: 0, greeted: true))
    #expect(log.lines.contains { isDropped($0, by: "takes(1, ") })
    #expect(await old.finish() == .cancelled(.childGone))
  }

  @Test func anElementOverwrittenInPlaceUnderItsIdIsTheSameChild() async {
    let clock = TestClock()
    let (store, _) = studio(.init(takes: [Take(id: 1, name: "a")]), clock: clock)
    let task = store.send(.takes(1, .start))
    await store.settleIntake()
    await store.send(.overwriteTake(1, "b")).finish()
    await clock.advance(by: .seconds(1))
    #expect(await task.finish() == .completed)
    #expect(await store.state.takes.map { "\($0.id) \($0.name) \($0.ticks)" } == ["1 b 1"])
    #expect(cleanups.withLock { $0 }.isEmpty)
  }
}
