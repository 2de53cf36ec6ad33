@testable import Actuate
import ActuateTesting
import Testing

@Suite("Debug log entries")
struct DebugLogEntryTests {
  @Test func startActionStateChangeAndHandlerEnd() async {
    let (store, log) = loggedStore()
    await store.send(.queryChanged("tabby")).finish()
    await store.flushDebugLog()
    #expect(log.entriesWithoutDurations == oneQueryChangeLog(store, from: "", to: "tabby"))
  }

  @Test func anActionSentByAHandlerNamesTheHandler() async {
    let (store, log) = loggedStore()
    store.send(.refresh)
    await store.settleIntake()
    await store.flushDebugLog()
    #expect(
      log.entriesWithoutDurations.dropFirst() == [
        store.entry("action .refresh"),
        store.entry("ended .refresh in ‹t›"),
        store.entry(#"action .queryChanged("again") (sent by the handler of .refresh)"#),
        queryChangedEntry(store, from: "", to: "again", by: #".queryChanged("again")"#),
        store.entry(#"ended .queryChanged("again") in ‹t›"#),
      ])
  }

  @Test func anActionSentByAHookNamesTheHook() async throws {
    let (typed, input) = AsyncStream<String>.makeStream()
    input.yield("tabby")
    input.finish()
    let (store, log) = loggedStore(SearchFeature(typed: typed), hooks: [.typed])
    await store.settleIntake()
    for hook in await store.actor.hookTasks { await hook.value }
    await store.settleIntake()
    await store.flushDebugLog()
    let entries = log.entriesWithoutDurations
    #expect(entries.contains(store.entry("hook .typed delivered \"tabby\"")))
    #expect(entries.contains(store.entry(#"action .queryChanged("tabby") (sent by hook .typed)"#)))
    #expect(entries.contains(queryChangedEntry(store, from: "", to: "tabby", by: #".queryChanged("tabby")"#)))
    #expect(entries.contains(store.entry("hook .typed ended")))
  }

  @Test func aHookThatWritesStateAndFinishes() async {
    let (assigned, input) = AsyncStream<String>.makeStream()
    input.yield("tabby")
    input.finish()
    let (store, log) = loggedStore(SearchFeature(assigned: assigned), hooks: [.assigned])
    await store.settleIntake()
    for hook in await store.actor.hookTasks { await hook.value }
    await store.flushDebugLog()
    #expect(
      log.entries == [
        startedEntry(store),
        store.entry("hook .assigned delivered \"tabby\""),
        queryChangedEntry(store, from: "", to: "tabby", by: "hook .assigned"),
        store.entry("hook .assigned ended"),
      ])
  }

  @Test func aHookThatFails() async {
    struct Boom: Error, CustomStringConvertible {
      var description: String { "boom" }
    }
    let (failing, input) = AsyncThrowingStream<String, any Error>.makeStream()
    input.yield("x")
    input.finish(throwing: Boom())
    let warnings = Warnings()
    let (store, log) = await warnings.collect {
      let (store, log) = loggedStore(SearchFeature(failing: failing), hooks: [.failing])
      await store.settleIntake()
      for hook in await store.actor.hookTasks { await hook.value }
      return (store, log)
    }
    await store.flushDebugLog()
    #expect(
      log.entries == [
        startedEntry(store),
        store.entry("hook .failing delivered \"x\""),
        store.entry(
          """
          state changed by hook .failing:
            SearchFeature.State(
              query: "",
              results: [
          +     "x"
              ],
              isSearching: false
            )
          """),
        // A logged store's warning goes to its log, where a service's log collector finds it, and not to
        // standard error.
        store.entry(
          "warning: \(store.storeID) hook .failing failed: boom. The hook has ended and the store runs on; catch errors inside the sequence to keep a hook alive."
        ),
        store.entry("hook .failing failed: boom"),
      ])
    #expect(warnings.all.isEmpty)
  }

  @Test func aStateChangeThatChangesNothingIsNotLogged() async {
    let (store, log) = loggedStore()
    await store.send(.touch).finish()
    await store.flushDebugLog()
    #expect(
      log.entriesWithoutDurations == [
        startedEntry(store), store.entry("action .touch"), store.entry("ended .touch in ‹t›"),
      ])
  }

  @Test func supersededAndStoreStoppedCancellations() async {
    let clock = TestClock()
    let (store, log) = loggedStore(clock: clock)
    let first = store.send(.superseding(1))
    await store.settleIntake()  // started, so the second cancels it while it runs
    let second = store.send(.superseding(2))
    await first.finish()
    store.stop()
    await second.finish()
    await store.flushDebugLog()
    // "stopped" is the last entry: the second's task ends after the stop, and a stopped store logs nothing.
    #expect(
      log.entriesWithoutDurations.dropFirst() == [
        store.entry("action .superseding(1)"),
        store.entry("action .superseding(2)"),
        store.entry("cancelled .superseding(1) (superseded)"),
        store.entry("ended .superseding(1) in ‹t›, cancelled (superseded)"),
        store.entry("cancelled .superseding(2) (store stopped)"),
        store.entry("stopped"),
      ])
  }

  @Test func debouncedCancellation() async {
    let clock = TestClock()
    let (store, log) = loggedStore(clock: clock)
    let first = store.send(.debounced(1))
    await store.settleIntake()  // sleeping out its quiet period when the second comes
    let second = store.send(.debounced(2))
    await first.finish()
    await clock.advance(by: .milliseconds(300))
    await second.finish()
    await store.flushDebugLog()
    // The first never started, so its cancellation is its only ending.
    #expect(
      log.entriesWithoutDurations.dropFirst() == [
        store.entry("action .debounced(1)"),
        store.entry("action .debounced(2)"),
        store.entry("cancelled .debounced(1) (debounced)"),
        queryChangedEntry(store, from: "", to: "2", by: ".debounced(2)"),
        store.entry("ended .debounced(2) in ‹t›"),
      ])
  }

  @Test func throttledCancellation() async {
    let clock = TestClock()
    let (store, log) = loggedStore(clock: clock)
    store.send(.throttled(1))
    await store.send(.throttled(2)).finish()
    await store.flushDebugLog()
    #expect(
      log.entriesWithoutDurations.dropFirst() == [
        store.entry("action .throttled(1)"),
        queryChangedEntry(store, from: "", to: "1", by: ".throttled(1)"),
        store.entry("ended .throttled(1) in ‹t›"),
        store.entry("action .throttled(2)"),
        store.entry("cancelled .throttled(2) (throttled)"),
      ])
  }

  @Test func alreadyRunningCancellation() async {
    let clock = TestClock()
    let (store, log) = loggedStore(clock: clock)
    let first = store.send(.exclusive(1))
    await store.send(.exclusive(2)).finish()
    await clock.advance(by: .seconds(1))
    await first.finish()
    await store.flushDebugLog()
    #expect(
      log.entriesWithoutDurations.dropFirst() == [
        store.entry("action .exclusive(1)"),
        store.entry("action .exclusive(2)"),
        store.entry("cancelled .exclusive(2) (already running)"),
        store.entry("ended .exclusive(1) in ‹t›"),
      ])
  }

  @Test func explicitCancellationDropsLaterWritesAndSends() async {
    let clock = TestClock()
    let (store, log) = loggedStore(clock: clock)
    let task = store.send(.stale)
    await store.settleIntake()
    store.cancel(id: "stale")
    await task.finish()
    await store.flushDebugLog()
    #expect(
      log.entriesWithoutDurations.dropFirst() == [
        store.entry("action .stale"),
        store.entry("cancelled .stale (explicit)"),
        store.entry(#"write dropped: .stale wrote \State.results after it was cancelled"#),
        store.entry(#"send dropped: .stale sent .queryChanged("late") after it was cancelled"#),
        store.entry("ended .stale in ‹t›, cancelled (explicit)"),
      ])
  }

  @Test func warningEntry() async {
    let log = LogCollector()
    let id = StoreID(type: "SearchFeature")
    let logger = StoreLogger<SearchFeature>(
      debug: .pinned(log.sink), actions: nil, id: id)
    let inbox = logger.makeInbox(capacity: EventInbox.defaultCapacity)
    inbox.other(
      EventBox<SearchFeature>(.warning("SearchFeature#1 has stopped, so .refresh was not handled.")), essential: false)
    await DebugLog.flush()
    #expect(
      log.entries == [
        "[Actuate \(id) 1970-01-01T12:00:01.204000Z] warning: SearchFeature#1 has stopped, so .refresh was not handled."
      ])
  }

  @Test func timestampsAreISO8601WithDateOffsetAndMicroseconds() async {
    let log = LogCollector()
    let store = Store(initialState: .init(), interactor: SearchFeature(), debug: .using(DebugLog(log.sink)))
    await store.send(.touch).finish()
    await store.flushDebugLog()
    let header = try?
      #/^\[Actuate SearchFeature#\d+ \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d\] action \.touch$/#.wholeMatch(
        in: log.entries[1])
    #expect(header != nil, "\(log.entries)")
    #expect(pinnedTime.iso8601(utc: true) == "1970-01-01T12:00:01.204000Z")
    #expect(WallTime(seconds: 0, nanoseconds: 7_654).iso8601(utc: true) == "1970-01-01T00:00:00.000007Z")
    #expect(
      WallTime(seconds: 1_795_000_000, nanoseconds: 123_456_789).iso8601(utc: true) == "2026-11-18T11:06:40.123456Z")
  }

  /// Small trivial enum values are described once per value (keyed by their bytes, 256 per type): each
  /// keeps its own text, past the limit and on a second round.
  @Test func describingSmallEnumValuesGivesEachItsOwnText() {
    for _ in 0..<2 {
      for number in 0..<300 { #expect(describe(SmallAction.number(number)) == ".number(\(number))") }
      #expect(describe(SmallAction.plain) == ".plain")
      #expect(describe(SmallAction.flag(true)) == ".flag(true)")
      #expect(describe(SmallAction.flag(false)) == ".flag(false)")
    }
  }

  @Test func timestampFormatterPrintsWhatISO8601Prints() {
    for utc in [true, false] {
      var formatter = TimestampFormatter(utc: utc)
      let times = [
        WallTime(seconds: 1_795_000_000, nanoseconds: 123_456_789),
        WallTime(seconds: 1_795_000_000, nanoseconds: 999_999_999),
        WallTime(seconds: 1_795_000_001, nanoseconds: 0), WallTime(seconds: 1_795_000_001, nanoseconds: 7_654),
        WallTime(seconds: 0, nanoseconds: 1_000), WallTime(seconds: 1_795_086_400, nanoseconds: 500_000_000),
      ]
      for time in times {
        #expect(formatter.format(time) == time.iso8601(utc: utc), "\(time), utc: \(utc)")
      }
    }
  }

  @Test func handlerDurations() {
    #expect(DebugEntry.text(for: .microseconds(84)) == "84µs")
    #expect(DebugEntry.text(for: .milliseconds(306)) == "306ms")
    #expect(DebugEntry.text(for: .microseconds(999_600)) == "1000ms")
    #expect(DebugEntry.text(for: .milliseconds(1_250)) == "1.25s")
    #expect(DebugEntry.text(for: .milliseconds(2_004)) == "2.00s")
  }
}

private enum SmallAction {
  case plain
  case number(Int)
  case flag(Bool)
}
