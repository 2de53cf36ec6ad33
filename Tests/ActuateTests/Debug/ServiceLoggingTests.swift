@testable import Actuate
import Foundation
import Testing

/// What a service needs of the log: stores it can name, entries as values with a level, and warnings that go
/// where its log goes.
@Suite("Logging in a service")
struct ServiceLoggingTests {
  /// Collects the entries a sink of entries receives.
  final class EntryCollector: Sendable {
    private let collected = Locked<[DebugEntry]>([])
    var entries: [DebugEntry] { collected.withLock { $0 } }
    var sink: DebugSink { .entries(name: "collector") { [self] entry in collected.withLock { $0.append(entry) } } }
  }

  @Test func aNamedStoreIsCalledByItsNameInEveryEntry() async {
    let log = LogCollector()
    let store = Store(
      initialState: .init(), interactor: SearchFeature(), debug: .using(.pinned(log.sink)), name: "search alice")
    #expect(store.storeID.description == "search alice")
    #expect(store.storeID.name == "search alice")
    await store.sendAndWait(.queryChanged("tabby"))
    await store.flushDebugLog()
    #expect(!log.entries.isEmpty)
    #expect(log.entries.allSatisfy { $0.hasPrefix("[Actuate search alice 1970-01-01T12:00:01.204000Z] ") })
  }

  @Test func anUnnamedStoreIsCalledByItsTypeAndNumber() {
    let store = Store(initialState: .init(), interactor: SearchFeature(), debug: .off)
    #expect(store.storeID.description == "SearchFeature#\(store.storeID.number)")
  }

  @Test func aSinkOfEntriesGetsEachAsAValueWithItsLevel() async throws {
    let collector = EntryCollector()
    let store = Store(
      initialState: .init(), interactor: SearchFeature(), debug: .using(.pinned(collector.sink)), name: "cart bob")
    await store.sendAndWait(.queryChanged("tabby"))
    store.stop()
    await store.flushDebugLog()
    let entries = collector.entries
    #expect(entries.map(\.kind) == [.started, .action, .stateChange, .actionEnded, .stopped])
    #expect(entries.map(\.level) == [.info, .debug, .debug, .debug, .info])
    #expect(entries.allSatisfy { $0.storeID == store.storeID && $0.time == "1970-01-01T12:00:01.204000Z" })
    let change = try #require(entries.first { $0.kind == .stateChange })
    #expect(change.action == #".queryChanged("tabby")"#)
    #expect(change.cause == #".queryChanged("tabby")"#)
    #expect(change.message == #"state changed by .queryChanged("tabby"):"#)
    #expect(change.detail?.contains(#"+   query: "tabby","#) == true)
    #expect(change.text == change.message + "\n" + change.detail!)
    #expect(entries.first { $0.kind == .actionEnded }?.outcome == "completed")
  }

  @Test func levelsOrderFromDebugToError() {
    #expect(DebugEntry.Level.allCases.sorted() == [.debug, .info, .warning, .error])
  }

  @Test func aKindsLevelIsItsEntriesLevel() {
    let notable = Set(DebugEntryKind.allCases.filter { $0.level >= .info })
    #expect(notable == [.started, .stopped, .writeDropped, .sendDropped, .transitionMissing, .warning, .hookFailed])
    #expect(DebugEntryKind.hookFailed.level == .error)
  }

  @Test func aLoggedStoresWarningGoesToItsLogNotToStandardError() async throws {
    let warnings = Warnings()
    let collector = EntryCollector()
    try await warnings.collect {
      let store = Store(
        initialState: .init(), interactor: SearchFeature(), debug: .using(.pinned(collector.sink)), name: "cart carol")
      store.stop()
      store.send(.refresh)
      await store.flushDebugLog()
      // The intake refuses the send at once, while the store may not have taken its stop yet: the warning
      // can come before "stopped".
      let warning = try #require(collector.entries.first { $0.kind == .warning })
      #expect(warning.level == .warning && warning.storeID == store.storeID)
      #expect(
        warning.message
          == "warning: cart carol has stopped, so .refresh was not handled. Send only while you hold the store and before you call stop()."
      )
    }
    #expect(warnings.all.isEmpty)
  }

  @Test func aStoreWhoseLogLeavesWarningsOutWarnsOnStandardError() async {
    let warnings = Warnings()
    let collector = EntryCollector()
    await warnings.collect {
      let store = Store(
        initialState: .init(), interactor: SearchFeature(),
        debug: .using(.pinned(collector.sink, filter: DebugFilter(kinds: [.action]))), name: "cart dave")
      store.stop()
      store.send(.refresh)
      await store.flushDebugLog()
    }
    #expect(collector.entries.allSatisfy { $0.kind != .warning })
    #expect(
      warnings.all == [
        "[Actuate] warning: cart dave has stopped, so .refresh was not handled. Send only while you hold the store and before you call stop()."
      ])
  }
}
