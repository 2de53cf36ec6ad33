@testable import Actuate
import ActuateTesting
import Testing

@Suite("Observation")
struct ObservationTests {
  @Test func valuesStartWithTheCurrentValueAndYieldEachDistinctChange() async {
    let store = Store(initialState: .init(count: 7), interactor: CounterInteractor())
    var iterator = store.values(\.count).makeAsyncIterator()
    #expect(await iterator.next() == 7)
    store.send(.increment)
    store.send(.append("no count change"))
    store.send(.add(0))
    store.send(.add(2))
    #expect(await iterator.next() == 8)
    #expect(await iterator.next() == 10)
  }

  @Test func subscribersAreIndependent() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    var first = store.values(\.count).makeAsyncIterator()
    var second = store.values(\.count).makeAsyncIterator()
    #expect(await first.next() == 0)
    #expect(await second.next() == 0)
    await store.send(.increment).finish()
    await store.send(.increment).finish()
    #expect(await first.next() == 1)
    #expect(await first.next() == 2)
    // The slower subscriber gets every value too, in order.
    #expect(await second.next() == 1)
    #expect(await second.next() == 2)
  }

  @Test func statesYieldTheWholeStateAfterEachChange() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    await store.send(.twoWritesWithSuspension).finish()
    #expect(await states.next() == .init(count: 1, flag: true))
    #expect(await states.next() == .init(count: 2, flag: true))
  }

  @Test func aSubscriberThatStopsIsForgotten() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    do {
      var iterator = store.values(\.count).makeAsyncIterator()
      #expect(await iterator.next() == 0)
    }
    #expect(await store.actor.hasSubscribers)
    await store.send(.increment).finish()
    #expect(await !store.actor.hasSubscribers)
  }

  @Test func sequencesEndWhenTheStoreStops() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    var iterator = store.values(\.count).makeAsyncIterator()
    #expect(await iterator.next() == 0)
    store.stop()
    #expect(await iterator.next() == nil)
    // Subscribing after the stop yields the last value and ends.
    var late = store.values(\.count).makeAsyncIterator()
    #expect(await late.next() == 0)
    #expect(await late.next() == nil)
  }

  @Test func observersSeeChangesInTheOrderTheyWereApplied() async {
    let (store, log) = Store.observed(state: .init(), interactor: CounterInteractor())
    var last: ActionTask?
    for index in 0..<100 { last = store.send(.add(index)) }
    await last?.finish()
    let counts = log.changes.map(\.new.count)
    #expect(counts == (0..<100).map { $0 * ($0 + 1) / 2 })
  }
}
