import Actuate
import ActuateTesting
import Foundation
import Testing

// The code samples of Docs/Debugging.md, compiled with the tests so they stay true.

struct BookSearchInteractor: Interactor {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var isSearching = false
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case search
  }

  let search: @Sendable (String) async -> [String]

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .queryChanged(let query):
      store.query = query
      store.send(.search)
    case .search:
      store.isSearching = true
      let results = await search(store.query)
      store.results = results  // dropped if a newer search cancelled this one meanwhile
      store.isSearching = false
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    action == .search ? .cancelPrevious(id: "search") : .concurrent
  }
}

// Laid out as Docs/Debugging.md shows it (comments aligned in columns), so swift format leaves it alone.
// swift-format-ignore
enum DebuggingGuide {
  /// "Keeping secrets out of the log": a sign-in feature's state and actions with their secrets marked.
  enum SignInSecrets {
    struct State: Equatable, Sendable {
      var email = ""
      @Redacted var password = ""        // read and written as a String
      var token: Redacted<String>?
    }

    enum Action: Equatable, Sendable {
      case signIn(email: String, password: Redacted<String>)   // send .signIn(email: e, password: Redacted(p))
    }
  }

  // [every-store]
  static func logEveryStore() throws {
    DebugLog.global = DebugLog(.console)                              // every store created from now on
    DebugLog.global = DebugLog(.console, try .file("/tmp/app.log"))   // the console and a file
    DebugLog.global = nil                                             // off again
  }
  // [every-store]

  // [per-store]
  static func logOneStore(search: @escaping @Sendable (String) async -> [String]) throws -> Store<BookSearchInteractor> {
    Store(
      initialState: .init(), interactor: BookSearchInteractor(search: search),
      debug: .using(DebugLog(try .file("/tmp/search.log"))))
  }

  static func neverLogThisStore(search: @escaping @Sendable (String) async -> [String]) -> Store<BookSearchInteractor> {
    Store(initialState: .init(), interactor: BookSearchInteractor(search: search), debug: .off)
  }
  // [per-store]

  // [file-errors]
  static func logToAFileIfPossible(_ path: String) {
    do {
      DebugLog.global = DebugLog(try .file(path))
    } catch {
      print(error)  // cannot open the debug log file "/no/such/folder/app.log": No such file or directory
    }
  }
  // [file-errors]

  // [filters]
  static func logOnlySearchesWithoutTheirHooks() {
    DebugLog.global = DebugLog(
      .console,
      filter: DebugFilter(
        interactors: [BookSearchInteractor.self],                  // only these interactor types
        kinds: [.action, .stateChange, .cancelled]))               // only these kinds of entry
  }

  static func logWithoutSearches(search: @escaping @Sendable (String) async -> [String]) -> Store<BookSearchInteractor> {
    Store(
      initialState: .init(), interactor: BookSearchInteractor(search: search),
      debug: .default(actions: { $0 != .search }))                  // typed, for this store only
  }
  // [filters]

  // [custom-sink]
  static func logToMyLogger(_ log: @escaping @Sendable (String) -> Void) {
    DebugLog.global = DebugLog(.custom(name: "my logger") { entry in log(entry) })
  }
  // [custom-sink]

  // [session]
  static func searchSession(logTo path: String) async throws {
    let store = Store(
      initialState: .init(),
      interactor: BookSearchInteractor(search: { query in
        await Task.yield()
        return ["\(query) cat"]
      }),
      debug: .using(DebugLog(try .file(path))))
    store.send(.queryChanged("tab"))
    await store.send(.queryChanged("tabby")).finish()
    await store.send(.search).finish()
    store.stop()
    await store.flushDebugLog()  // everything this store did is in the file now
  }
  // [session]

  // [trace-every-store]
  static func traceEveryStore() throws {
    DebugLog.global = DebugLog(try .trace("/tmp/trace.json"))                 // a timeline of every store
    DebugLog.global = DebugLog(.console, try .trace("/tmp/trace.json"))       // the log and the timeline
  }
  // [trace-every-store]

  // [trace]
  /// Two searches on one trace, the first superseded. `pause` lets time pass on `clock`, which the stores and
  /// the search service share: a real sleep for the picture in Docs/Debugging.md, a TestClock's advance in
  /// the test, where it first lets the stores run up to their sleeps.
  static func traceTwoSearches(
    to debug: DebugLog, clock: any Clock<Duration>,
    pause: @escaping @Sendable (Duration, [Store<BookSearchInteractor>]) async -> Void
  ) async {
    let slowSearch: @Sendable (String) async -> [String] = { query in
      try? await clock.sleep(for: .milliseconds(40))             // a slow service
      return ["\(query) cat"]
    }
    let books = Store(
      initialState: .init(), interactor: BookSearchInteractor(search: slowSearch), clock: clock, hooks: [], observers: [],
      debug: .using(debug))
    let authors = Store(
      initialState: .init(), interactor: BookSearchInteractor(search: slowSearch), clock: clock, hooks: [], observers: [],
      debug: .using(debug))
    books.send(.queryChanged("tab"))
    authors.send(.queryChanged("le guin"))
    await pause(.milliseconds(15), [books, authors])             // typing
    await books.send(.queryChanged("tabby")).finish()            // supersedes the search for "tab"
    await pause(.milliseconds(60), [books, authors])
    books.stop()
    authors.stop()
    await books.flushDebugLog()
    await authors.flushDebugLog()
  }
  // [trace]

  // [log-for-days]
  static func logForDays() throws {
    DebugLog.global = DebugLog(
      try .file("/var/log/myapp/actuate.jsonl", format: .jsonLines, rotation: LogRotation(maxBytes: 50_000_000, keptFiles: 10)))
  }
  // [log-for-days]
}

@Suite("Debugging guide")
struct DebuggingGuideTests {
  @Test func theSessionIsLogged() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-guide-\(UUID().uuidString).log")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await DebuggingGuide.searchSession(logTo: path)
    let log = try String(contentsOfFile: path, encoding: .utf8)
    if let out = ProcessInfo.processInfo.environment["ACTUATE_GUIDE_SAMPLE"] {
      try log.write(toFile: out, atomically: true, encoding: .utf8)
    }
    #expect(log.contains("] started with state:\n  BookSearchInteractor.State(\n"))
    #expect(log.contains(#"] action .queryChanged("tabby")"#))
    #expect(log.contains(#"] action .search (sent by the handler of .queryChanged("tabby"))"#))
    #expect(log.hasSuffix("] stopped\n"))
  }

  @Test func theTraceOfTwoSearchesShowsSpansCancellationsAndFlows() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-guide-\(UUID().uuidString).json")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Held until the file is read: the trace stays open, as a running program's does.
    let debug = DebugLog(try .trace(path))
    if let out = ProcessInfo.processInfo.environment["ACTUATE_GUIDE_TRACE"] {
      // For the picture: the same sample on a real clock, where "tabby" comes 15 ms after "tab".
      let pictured = DebugLog(try .trace(out))
      await DebuggingGuide.traceTwoSearches(to: pictured, clock: ContinuousClock()) { duration, _ in
        try? await Task.sleep(for: duration)
      }
    }
    let clock = TestClock()
    await DebuggingGuide.traceTwoSearches(to: debug, clock: clock) { duration, stores in
      for store in stores { await store.waitUntilIdle() }  // every search sleeps on the clock
      await clock.advance(by: duration)
    }
    let events = try TraceFileReader(path: path).events
    withExtendedLifetime(debug) {}
    let actions = events.filter { $0["ph"] as? String == "B" && $0["name"] as? String != "handler" }.compactMap {
      $0["name"] as? String
    }
    #expect(
      Set(actions) == [#".queryChanged("tab")"#, #".queryChanged("le guin")"#, #".queryChanged("tabby")"#, ".search"])
    let outcomes = events.compactMap { ($0["args"] as? [String: String])?["outcome"] }
    // The queries' three handlers, and the searches for "le guin" and "tabby", which woke at 40 and 55 ms.
    #expect(outcomes.sorted() == ["cancelled (superseded)"] + Array(repeating: "completed", count: 5))
    #expect(events.contains { $0["ph"] as? String == "s" } && events.contains { $0["ph"] as? String == "f" })
  }
}
