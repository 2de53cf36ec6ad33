@testable import Actuate
import ActuateTesting
import Testing

@Suite("Lifetime: value sequences")
struct ValuesLifetimeTests {
  @Test(.timeLimit(.minutes(1)))
  func aSequenceStillIteratedEndsWhenTheStoreIsDroppedAndKeepsNothingAlive() async {
    let (gone, goneInput) = AsyncStream<Void>.makeStream()
    let (never, _) = AsyncStream<Int>.makeStream()
    weak var weakActor: StoreActor<Sleeper>?
    var values: StoreValues<Int>?
    var iteration: Task<[Int], Never>?
    do {
      let store = Store(initialState: 7, interactor: Sleeper(canary: Canary(goneInput), never: never), debug: .off)
      weakActor = store.actor
      let sequence = store.values(\.self)
      values = sequence
      let (subscribed, subscribedInput) = AsyncStream<Void>.makeStream()
      iteration = Task {
        var seen: [Int] = []
        for await value in sequence {
          seen.append(value)
          subscribedInput.yield()
        }
        return seen
      }
      var waiting = subscribed.makeAsyncIterator()
      await waiting.next()  // the iteration has subscribed and seen the current value
    }
    // The store is dropped while the sequence is iterated, and the sequence itself is still held.
    #expect(await iteration?.value == [7])
    var released = gone.makeAsyncIterator()
    await released.next()  // the interactor is gone
    #expect(weakActor == nil)
    // A new iteration of the kept sequence ends at once.
    var late: [Int] = []
    if let values { for await value in values { late.append(value) } }
    #expect(late.isEmpty)
  }
}
