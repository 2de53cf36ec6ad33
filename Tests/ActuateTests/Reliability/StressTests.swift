@testable import Actuate
import Testing

/// Records, per sender, the index it expects next, so any loss or reordering shows in the final state.
private struct TickInteractor: Interactor {
  struct State: Sendable {
    var next: [Int]
    var outOfOrder = 0
    var handled = 0
  }

  enum Action: Sendable {
    case tick(sender: Int, index: Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .tick(let sender, let index):
      store.handled += 1
      if store.next[sender] != index { store.outOfOrder += 1 }
      store.next[sender] = index + 1
    }
  }
}

/// Counts what handlers did, outside the state: a cancelled handler's state writes are dropped.
private final class StormCounters: Sendable {
  let started = AtomicCounter()
  let returnedUncancelled = AtomicCounter()
}

/// Every action runs under one policy; handlers suspend a few times, some on the store's clock.
private struct StormInteractor: Interactor {
  typealias State = Int
  enum Action: Sendable {
    case work(yields: Int, sleeps: Bool)
  }

  let policy: ActionPolicy
  let counters: StormCounters

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .work(let yields, let sleeps):
      _ = counters.started.next()
      store.state += 1
      for _ in 0..<yields { await Task.yield() }
      if sleeps { try? await store.sleep(for: .microseconds(100)) }
      // Read on the store, right before the task ends: the store marks cancellation on its own executor, so
      // this agrees with the outcome the task ends with.
      if !Task.isCancelled { _ = counters.returnedUncancelled.next() }
    }
  }

  func policy(for action: Action) -> ActionPolicy { policy }
}

/// Holds the interactor's share of a store's life: it goes away only when the store's actor does.
private final class LifeToken: Sendable {
  let deaths: Countdown
  init(deaths: Countdown) { self.deaths = deaths }
  deinit { deaths.increment() }
}

/// A store with hooks that never end by themselves and a handler that sleeps for an hour.
private struct LongLivedInteractor: Interactor {
  struct State: Sendable, Equatable { var value = 0 }
  enum Action: Sendable, Equatable { case sleepLong, bump }
  enum Hook: CaseIterable, Sendable { case outside, ownState }

  let token: LifeToken
  let outside: AsyncStream<Int>
  let hooksEnded: Countdown

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .sleepLong:
      try? await store.sleep(for: .seconds(3600))
    case .bump:
      store.value += 1
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .outside:
      .forEach(outside) { value, store in store.value = value }
    case .ownState:
      .forEach(store.values(\.value)) { _, _ in }
    }
  }
}

@Suite("Reliability: stress", .timeLimit(.minutes(10)))
struct StressTests {
  @Test func sixteenSendersOfFiftyThousandActionsLoseNothingAndKeepTheirOrder() async {
    let senders = 16
    let perSender = Sanitizer.isActive ? 5_000 : 50_000
    let store = Store(initialState: .init(next: Array(repeating: 0, count: senders)), interactor: TickInteractor())
    await withTaskGroup(of: ActionTask?.self) { group in
      for sender in 0..<senders {
        group.addTask {
          var last: ActionTask?
          for index in 0..<perSender { last = store.send(.tick(sender: sender, index: index)) }
          return last
        }
      }
      for await last in group { #expect(await last?.finish() == .completed) }
    }
    let state = await store.state
    #expect(state.handled == senders * perSender)
    #expect(state.outOfOrder == 0)
    #expect(state.next == Array(repeating: perSender, count: senders))
  }

  static let stormPolicies: [ActionPolicy] = [
    .concurrent(id: "storm"),
    .cancelPrevious(id: "storm"),
    .dropNew(id: "storm"),
    .serial(id: "storm"),
    .debounce(id: "storm", for: .microseconds(50)),
    .throttle(id: "storm", for: .microseconds(200), latest: true),
    .throttle(id: "storm", for: .microseconds(200), latest: false),
    .limit(id: "storm", max: 3, whenFull: .cancelOldest),
    .limit(id: "storm", max: 3, whenFull: .dropNew),
    .limit(id: "storm", max: 3, whenFull: .wait),
    .limit(id: "storm", max: 2, whenFull: .wait(spacedBy: .microseconds(50), since: .start)),
    .serial(id: "storm").also(id: "storm-extra"),
  ]

  /// Which cancellation reasons a policy can give, besides an explicit cancel.
  private static func reasons(for policy: ActionPolicy) -> Set<CancellationReason> {
    switch policy.kind {
    case .concurrent: [.explicit]
    case .limit(_, let whenFull):
      switch whenFull.rule {
      case .wait: [.explicit]
      case .cancelOldest: [.explicit, .superseded]
      case .dropNew: [.explicit, .alreadyRunning]
      }
    case .debounce: [.explicit, .debounced]
    case .throttle: [.explicit, .throttled]
    }
  }

  @Test(arguments: stormPolicies)
  func aStormOfSendsAndCancelsEndsEveryTaskAndTheCountsAddUp(policy: ActionPolicy) async {
    let senders = 4
    let perSender = 2_000
    let counters = StormCounters()
    let store = Store(initialState: 0, interactor: StormInteractor(policy: policy, counters: counters))
    let tasks = await withTaskGroup(of: [ActionTask].self) { group in
      for sender in 0..<senders {
        group.addTask {
          var generator = SplitMix64(seed: UInt64(sender))
          var mine: [ActionTask] = []
          mine.reserveCapacity(perSender)
          for index in 0..<perSender {
            let task = store.send(.work(yields: Int.random(in: 0...3, using: &generator), sleeps: index % 3 == 0))
            mine.append(task)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: task.cancel()
            case 1: mine.randomElement(using: &generator)?.cancel()
            case 2: store.cancel(id: "storm")
            default: break
            }
            if index % 64 == 0 { await Task.yield() }
          }
          return mine
        }
      }
      group.addTask {
        // A canceller racing the senders with no knowledge of what they sent.
        for _ in 0..<500 {
          store.cancel(id: "storm")
          await Task.yield()
        }
        return []
      }
      return await group.reduce(into: []) { $0 += $1 }
    }

    #expect(tasks.count == senders * perSender)
    var finished = 0
    var cancelled = 0
    var unexpected: [ActionOutcome] = []
    let allowed = Self.reasons(for: policy)
    for task in tasks {
      let outcome = await task.finish()
      switch outcome {
      case .completed: finished += 1
      case .cancelled(let reason) where allowed.contains(reason): cancelled += 1
      default: unexpected.append(outcome)
      }
    }
    #expect(unexpected.isEmpty, "\(policy): unexpected outcomes \(Set(unexpected))")
    #expect(finished + cancelled == tasks.count, "\(policy)")
    #expect(finished == Int(counters.returnedUncancelled.current), "\(policy)")
    #expect(Int(counters.started.current) >= finished, "\(policy)")
    await store.settleIntake()
    let scheduler = await store.actor.scheduler
    #expect(scheduler.live.isEmpty, "\(policy): tasks left in the scheduler")
    #expect(
      scheduler.groups.values.allSatisfy { $0.active.isEmpty && $0.queued.isEmpty && $0.tagged.isEmpty },
      "\(policy): work left in a group")
  }

  @Test func tenThousandDroppedStoresWithRunningHooksAndSleepingHandlersLeaveNothingAlive() async {
    let count = 10_000
    let deaths = Countdown()
    let hooksEnded = Countdown()
    var tasks: [ActionTask] = []
    var actors: [WeakBox<StoreActor<LongLivedInteractor>>] = []
    tasks.reserveCapacity(count)
    actors.reserveCapacity(count)
    for _ in 0..<count {
      let outside = AsyncStream<Int> { continuation in
        continuation.onTermination = { _ in hooksEnded.increment() }
      }
      let store = Store(
        initialState: .init(),
        interactor: LongLivedInteractor(token: LifeToken(deaths: deaths), outside: outside, hooksEnded: hooksEnded))
      tasks.append(store.send(.sleepLong))
      store.send(.bump)
      // The handler is asleep and both hooks wait for elements when the store goes away.
      await store.settleIntake()
      actors.append(WeakBox(object: store.actor))
    }
    for task in tasks {
      #expect(await task.finish() == .cancelled(.storeStopped))
    }
    // Each token dies with its actor, which lives exactly as long as something retains it: the time limit
    // is what fails this test if a store leaks.
    await deaths.wait(until: count)
    await hooksEnded.wait(until: count)
    #expect(deaths.count == count)
    #expect(actors.allSatisfy { $0.object == nil })
  }
}

extension ActionPolicy: CustomTestStringConvertible {
  public var testDescription: String { description }
}
