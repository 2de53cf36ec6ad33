@testable import Actuate
import Foundation
import Testing

/// A store that has handled a million actions holds what is live, not what is done: a chain of
/// self-sends and a poll loop both finish, and the records they leave behind are released without
/// recursing. Memory itself is measured by the `self-send-chain` benchmark, not here.
@Suite("Reliability: long runs")
struct LongRunTests {
  /// `ACTUATE_LONG_RUN_LINKS` lowers the count for the sanitizer runs, which are ten times slower.
  static var links: Int {
    ProcessInfo.processInfo.environment["ACTUATE_LONG_RUN_LINKS"].flatMap(Int.init) ?? 1_000_000
  }

  @Test(.timeLimit(.minutes(10))) func aMillionLinkSelfSendChainFinishesAndKeepsNothing() async {
    await runToTheEnd(.link(Self.links))
  }

  @Test(.timeLimit(.minutes(10))) func aMillionIterationPollLoopFinishesAndKeepsNothing() async {
    await runToTheEnd(.poll(Self.links))
  }

  /// A burst taken as one batch (the intake held while it is sent) leaves no room for it behind: the batch
  /// and its lookahead are let go once taken. Mixed policies, so the lookahead keeps policies too.
  @Test func aBurstTakenAsOneBatchLeavesNoRoomForItBehind() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    await store.settleIntake()
    store.withIntakeHeld {
      for index in 0..<20_000 {
        store.send(index.isMultiple(of: 2) ? .increment : .keyed("\(index)", .cancelPrevious))
      }
    }
    await store.settleIntake()
    #expect(await store.state.count == 10_000)
    #expect(await store.actor.batchBufferCapacity <= BatchBuffers.keptCapacity)
  }

  private func runToTheEnd(_ first: Chain.Action) async {
    let store = Store(initialState: Chain.State(), interactor: Chain())
    let firstRecord = WeakBox(object: store.send(first).record)
    for await remaining in store.values(\.remaining) where remaining == 0 { break }
    #expect(await store.state.handled == Self.links + 1)
    await store.actor.settle()
    #expect(firstRecord.object == nil)
    #expect(await store.actor.liveActionNumbers.isEmpty)
  }
}

/// Each link sends the next: at once (`link`), or after a suspension (`poll`, as a poll loop does).
struct Chain: Interactor {
  struct State: Equatable, Sendable {
    var remaining = -1
    var handled = 0
  }

  enum Action: Equatable, Sendable {
    case link(Int)
    case poll(Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .link(let remaining):
      store.handled += 1
      store.remaining = remaining
      if remaining > 0 { store.send(.link(remaining - 1)) }
    case .poll(let remaining):
      await Task.yield()
      store.handled += 1
      store.remaining = remaining
      if remaining > 0 { store.send(.poll(remaining - 1)) }
    }
  }
}
