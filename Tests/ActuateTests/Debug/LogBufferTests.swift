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

  @Test func aChunkedBufferKeepsAtMostItsSpares() {
    var buffer = ChunkedBuffer<Int>(chunkSize: 2, maxSpares: 1)
    for number in 0..<6 { buffer.append(number) }
    var chunks = buffer.takeAll()
    buffer.recycle(&chunks)
    // One chunk is kept, emptied; the others stay with the caller, which releases them.
    #expect(chunks.count == 2)
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

  @Test func thousandsOfEntriesWrittenWhileTheStoreRunsAheadLoseNoneAndKeepTheirOrder() async {
    let (store, log) = loggedStore()
    let count = 3_000
    for number in 0..<count { await store.sendAndWait(.queryChanged("\(number)")) }
    await store.flushDebugLog()
    let actions = log.entries.filter { $0.contains("] action ") }
    #expect(actions.count == count)
    #expect(actions == (0..<count).map { store.entry(#"action .queryChanged("\#($0)")"#) })
  }

  @Test func aFullInboxLeavesEventsOutAndTheLogSaysHowMany() async {
    let log = LogCollector()
    let id = StoreID(name: "SearchFeature")
    let logger = StoreLogger<SearchFeature>(
      debug: .pinned(log.sink), actions: nil, store: ObjectIdentifier(SearchFeature.self), id: id)
    let inbox = logger.makeInbox(capacity: 2)
    // The writer is held, so the store (this test) outruns it and the inbox fills.
    let gate = DispatchSemaphore(value: 0)
    DebugWriter.shared.enqueue { gate.wait() }
    for number in 1...5 { inbox.other(EventBox<SearchFeature>(.warning("number \(number)"))) }
    gate.signal()
    await DebugStore.flush()
    let stamp = "[Actuate \(id) 1970-01-01T12:00:01.204000Z]"
    #expect(
      log.entries == [
        "\(stamp) warning: number 1",
        "\(stamp) warning: number 2",
        "\(stamp) warning: \(id) outran its debug log's writer, so the 3 events after the previous entry were left out to keep memory bounded. Log fewer kinds or actions with a DebugFilter, or write to a faster sink.",
      ])

    // Once the writer has caught up, the inbox takes events again.
    inbox.other(EventBox<SearchFeature>(.warning("number 6")))
    await DebugStore.flush()
    #expect(log.entries.last == "\(stamp) warning: number 6")
  }
}
