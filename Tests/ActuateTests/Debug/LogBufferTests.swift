@testable import Actuate
import Dispatch
import Testing

@Suite("The log's buffers")
struct LogBufferTests {
  @Test func aChunkedBufferGivesBackEverythingInOrderAcrossChunks() {
    var buffer = ChunkedBuffer<Int>(chunkSize: 4, maxSpares: 2)
    #expect(buffer.isEmpty)
    for number in 0..<10 { buffer.append(number) }
    #expect(!buffer.isEmpty)
    var chunks = buffer.takeAll()
    #expect(chunks.map(\.count) == [4, 4, 2])
    #expect(chunks.flatMap { $0 } == Array(0..<10))
    #expect(buffer.isEmpty)
    #expect(buffer.takeAll().isEmpty)

    buffer.recycle(&chunks)
    for number in 10..<13 { buffer.append(number) }
    #expect(buffer.takeAll().flatMap { $0 } == [10, 11, 12])
  }

  @Test func aChunkedBufferKeepsAtMostItsSparesWhileElementsWait() {
    var buffer = ChunkedBuffer<Int>(chunkSize: 2, maxSpares: 1)
    for number in 0..<6 { buffer.append(number) }
    var chunks = buffer.takeAll()
    // The producer is ahead again when the consumer hands the chunks back.
    buffer.append(6)
    buffer.recycle(&chunks)
    // One chunk is kept, emptied; the others stay with the caller, which releases them.
    #expect(chunks.count == 2)
    #expect(buffer.spareCount == 1)
  }

  @Test func aChunkedBufferThatCaughtUpKeepsNoRoom() {
    var buffer = ChunkedBuffer<Int>(chunkSize: 1024, maxSpares: 4)
    for number in 0..<5_000 { buffer.append(number) }
    var chunks = buffer.takeAll()
    #expect(chunks.flatMap { $0 } == Array(0..<5_000))
    buffer.recycle(&chunks)
    // Nothing waits: an idle store's log holds no chunk, spare or current.
    #expect(buffer.spareCount == 0)
    #expect(buffer.reservedCapacity == 0)
    buffer.append(1)
    #expect(buffer.reservedCapacity < 1024, "a chunk after an idle spell starts small")
  }

  @Test func aTextBufferWritesNumbersAndPiecesAsTheyRead() {
    var text = TextBuffer()
    text.append("µs ")
    text.append(StaticString("= "))
    text.append(-42)
    text.append(byte: UInt8(ascii: " "))
    text.append(UInt64(1_234_567))
    text.append(byte: UInt8(ascii: "."))
    text.append(1_204, digits: 6)
    text.append(UInt8(ascii: "+"), count: 0)
    text.append(UInt8(ascii: "-"), count: 2)
    text.append("abc".dropFirst())
    #expect(text.text == "µs = -42 1234567.001204--bc")
    text.removeAll()
    #expect(text.isEmpty)
  }

  /// Holds `writer` until `body` returns, so the stores it writes for outrun it. A writer of the test's own:
  /// holding the shared one would hold every other test's log.
  private func whileHolding(_ writer: DebugWriter, _ body: () async -> Void) async {
    let gate = DispatchSemaphore(value: 0)
    writer.enqueue { gate.wait() }
    await body()
    gate.signal()
  }

  @Test func thousandsOfEventsWaitingForTheWriterLoseNoneAndKeepTheirOrder() async {
    let log = LogCollector()
    var debug = DebugLog.pinned(log.sink)
    debug.writer = DebugWriter()
    let store = Store(
      initialState: .init(), interactor: SearchFeature(), clock: ContinuousClock(), hooks: [], observers: [],
      debug: .using(debug))
    let count = 3_000
    await whileHolding(debug.writer) {
      // Three events an action, so the inbox holds several chunks when the writer comes.
      for number in 0..<count { store.send(.queryChanged("\(number)")) }
      await store.waitUntilIdle()
    }
    await debug.writer.flush()
    let actions = log.entries.filter { $0.contains("] action ") }
    #expect(actions == (0..<count).map { store.entry(#"action .queryChanged("\#($0)")"#) })
    #expect(log.entries.filter { $0.contains("] ended ") }.count == count)
  }

  @Test func aFullInboxLeavesEventsOutAndTheLogSaysWhereAndHowMany() async {
    let log = LogCollector()
    let id = StoreID(type: "SearchFeature")
    var debug = DebugLog.pinned(log.sink)
    debug.writer = DebugWriter()
    let logger = StoreLogger<SearchFeature>(
      debug: debug, actions: nil, id: id)
    let inbox = logger.makeInbox(capacity: 2)
    await whileHolding(debug.writer) {
      for number in 1...5 { inbox.other(EventBox<SearchFeature>(.warning("number \(number)")), essential: false) }
      inbox.other(EventBox<SearchFeature>(.stopped), essential: true)
    }
    await debug.writer.flush()
    let stamp = "[Actuate \(id) 1970-01-01T12:00:01.204000Z]"
    #expect(
      log.entries == [
        "\(stamp) warning: number 1",
        "\(stamp) warning: number 2",
        "\(stamp) warning: \(leftOutMessage(id, "3 events"))",
        "\(stamp) stopped",
      ])

    // Once the writer has caught up, the inbox takes events again.
    inbox.other(EventBox<SearchFeature>(.warning("number 6")), essential: false)
    await debug.writer.flush()
    #expect(log.entries.last == "\(stamp) warning: number 6")
  }

  @Test func aStoreThatOutrunsAFullLogStillEndsWhatItShowsAndSaysItStopped() async {
    let log = LogCollector()
    var debug = DebugLog.pinned(log.sink)
    debug.inboxCapacity = 5
    debug.writer = DebugWriter()
    let store = Store(
      initialState: .init(), interactor: SearchFeature(), clock: ContinuousClock(), hooks: [], observers: [],
      debug: .using(debug))
    await whileHolding(debug.writer) {
      // The start, the first action's taking, change and end, and the second's taking fill the inbox. The
      // second action's change is the first event left out; its end is kept, since its taking is in the
      // log. The takings of the eight after it are left out, and everything about those actions with them.
      for number in 1...10 { await store.sendAndWait(.queryChanged("\(number)")) }
      store.stop()
      await store.waitUntilIdle()
    }
    await debug.writer.flush()
    #expect(
      log.entriesWithoutDurations == [
        startedEntry(store),
        store.entry(#"action .queryChanged("1")"#),
        queryChangedEntry(store, from: "", to: "1", by: #".queryChanged("1")"#),
        store.entry(#"ended .queryChanged("1") in ‹t›"#),
        store.entry(#"action .queryChanged("2")"#),
        store.entry("warning: \(leftOutMessage(store.storeID, "9 events"))"),
        store.entry(#"ended .queryChanged("2") in ‹t›"#),
        store.entry("stopped"),
      ])
  }

  private func leftOutMessage(_ id: StoreID, _ events: String) -> String {
    "\(id) outran its debug log's writer, so from here the log leaves out \(events) until the writer caught up, to keep memory bounded; what it shows of actions taken before this entry still ends. Log fewer kinds of entry with a DebugFilter, or write to a faster sink."
  }
}
