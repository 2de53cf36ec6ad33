@testable import Actuate
import Testing

/// A debounce of zero is held in its group until its batch is taken. It holds a place as a debounce of any
/// other length does (one that has started, and sleeps out its quiet period), but it is not queued: a
/// limit with a place free does not wait behind it, and no end in its group starts it before its batch is
/// taken.
@Suite("Scheduler: a debounce of zero beside the waiting queue")
struct SchedulerZeroDebounceTests {
  @Test func aLimitThatWaitsStartsBesideADebounceOfZeroAsBesideALongerOne() {
    let batch = { (quiet: Duration) -> [SchedulerRuntime.Command] in
      [
        .send(1, .debounce(id: "a", for: quiet), runs: nil),
        .send(2, .limit(id: "a", max: 2, whenFull: .wait), runs: nil),
      ]
    }
    let longer = SchedulerRuntime()
    #expect(longer.batch(batch(.milliseconds(100))) == ["start #1 in a after 100ms", "start #2 in a"])
    let zero = SchedulerRuntime()
    zero.batch(batch(.zero))
    #expect(zero.log == ["start 2", "start 1"])
  }

  @Test func aDebounceOfZeroStartsOnlyOnceItsBatchIsTaken() {
    let runtime = SchedulerRuntime()
    runtime.batch([
      .send(1, .debounce(id: "a", for: .zero), runs: nil),
      .send(2, .concurrent(id: "a"), runs: .zero),
      .send(3, .concurrent, runs: nil),
    ])
    #expect(runtime.log == ["start 2", "end 2", "start 3", "start 1"])
  }
}
