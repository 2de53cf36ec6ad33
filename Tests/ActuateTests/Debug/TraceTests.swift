@testable import Actuate
import Foundation
import Testing

@Suite("Trace files")
struct TraceTests {
  private func tracedStore(_ path: String, hooks: [SearchFeature.Hook] = []) throws -> Store<SearchFeature> {
    Store(
      initialState: .init(), interactor: SearchFeature(), clock: ContinuousClock(), hooks: hooks, observers: [],
      debug: .using(DebugLog(try .trace(path))))
  }

  @Test func spansNestCloseAndSayHowTheyEnded() async throws {
    let path = temporaryLogPath("trace.json")
    defer { removeLogFiles(path) }
    let store = try tracedStore(path)
    await store.send(.refresh).finish()
    await store.send(.queryChanged("tabby")).finish()
    await supersedeThenStop(store)

    let trace = try TraceFileReader(path: path)
    let names = trace.events(of: store.storeID).filter { $0["ph"] as? String == "M" }.compactMap {
      ($0["args"] as? [String: String])?["name"]
    }
    #expect(names.contains(store.storeID.description))
    let spans = trace.spans(of: store.storeID)
    let actions = spans.filter { $0.depth == 0 }
    #expect(
      actions.map(\.name) == [
        ".refresh", ".queryChanged(\"again\")", ".queryChanged(\"tabby\")", ".superseding(1)", ".superseding(2)",
      ])
    for action in actions {
      let handler = spans.first {
        $0.depth == 1 && $0.lane == action.lane && $0.start >= action.start && $0.finish <= action.finish
      }
      #expect(handler?.name == "handler", "\(action.name) has its handler's run nested inside")
      #expect(action.start <= action.finish)
    }
    #expect(actions[0].outcome == "completed")
    #expect(actions[3].outcome == "cancelled (superseded)")
    #expect(actions[4].outcome == "cancelled (store stopped)")
    let cancelled = trace.events(of: store.storeID).filter {
      $0["ph"] as? String == "i" && $0["tid"] as? Int == actions[3].lane
    }
    #expect(cancelled.contains { ($0["args"] as? [String: String])?["reason"] == "superseded" })
  }

  @Test func aTraceWhoseSinkIsGoneIsClosedJSON() throws {
    let path = temporaryLogPath("finished.json")
    defer { removeLogFiles(path) }
    var sink: DebugSink? = try .trace(path)
    sink?.deliver(
      ",\n{\"name\":\"an event\",\"ph\":\"i\",\"ts\":1,\"pid\":1,\"tid\":0}", warn: { Issue.record("\($0)") })
    #expect(try TraceFileReader(path: path).events.count == 2, "open while its sink writes")
    sink = nil
    let events = try TraceFileReader(path: path, closed: true).events
    #expect(events.map { $0["name"] as? String } == ["trace started", "an event"])
  }

  @Test func aSentActionIsLinkedToItsSenderByAFlow() async throws {
    let path = temporaryLogPath("flow.json")
    defer { removeLogFiles(path) }
    let store = try tracedStore(path, hooks: SearchFeature.Hook.allCases)
    await store.send(.refresh).finish()
    await store.actor.settle()
    store.stop()
    await store.flushDebugLog()

    let trace = try TraceFileReader(path: path)
    let spans = trace.spans(of: store.storeID).filter { $0.depth == 0 }
    let sender = try #require(spans.first { $0.name == ".refresh" })
    let sent = try #require(spans.first { $0.name == ".queryChanged(\"again\")" })
    let flow = trace.events(of: store.storeID).filter { ["s", "f"].contains($0["ph"] as? String) }
    let start = try #require(flow.first { $0["ph"] as? String == "s" })
    let end = try #require(flow.first { $0["ph"] as? String == "f" })
    #expect("\(start["id"]!)" == sent.task && "\(end["id"]!)" == sent.task)
    #expect(start["tid"] as? Int == sender.lane)
    let at = try #require(start["ts"] as? Double)
    #expect(at >= sender.start && at <= sender.finish, "the arrow leaves from inside the sender's span")
    #expect(end["tid"] as? Int == sent.lane && end["ts"] as? Double == sent.start)
    #expect((sent.begin["args"] as? [String: String])?["sent by"] == "the handler of .refresh")
    let storeLane = trace.events(of: store.storeID).filter { $0["tid"] as? Int == 0 && $0["ph"] as? String == "i" }
    #expect(
      storeLane.compactMap { $0["name"] as? String }.contains("hook .typed ended"),
      "hooks are instants of the store's own lane")
  }

  @Test func stateChangesAreInstantsWithTheirDiffInsideTheirAction() async throws {
    let path = temporaryLogPath("changes.json")
    defer { removeLogFiles(path) }
    let store = try tracedStore(path)
    await store.send(.queryChanged("tabby")).finish()
    store.stop()
    await store.flushDebugLog()

    let trace = try TraceFileReader(path: path)
    let action = try #require(trace.spans(of: store.storeID).first { $0.name == ".queryChanged(\"tabby\")" })
    let change = try #require(trace.events(of: store.storeID).first { $0["name"] as? String == "state changed" })
    #expect(change["ph"] as? String == "i" && change["tid"] as? Int == action.lane)
    let args = try #require(change["args"] as? [String: String])
    #expect(args["by"] == ".queryChanged(\"tabby\")")
    #expect(args["diff"]?.contains("+   query: \"tabby\"") == true)
  }

  @Test func aTraceReadWhileActionsRunIsAlreadyLoadable() async throws {
    let path = temporaryLogPath("running.json")
    defer { removeLogFiles(path) }
    let store = try tracedStore(path)
    let running = store.send(.longRunning)
    await store.actor.drainIntake()
    await store.flushDebugLog()

    // What a program killed right now would leave: whole events, the running action's span still open.
    let trace = try TraceFileReader(path: path)
    let begins = trace.events(of: store.storeID).filter { $0["ph"] as? String == "B" }
    #expect(begins.map { $0["name"] as? String } == [".longRunning", "handler"])
    #expect(trace.spans(of: store.storeID, closed: false).isEmpty)
    running.cancel()
    await running.finish()
    store.stop()
  }

  @Test func eightStoresWritingAtOnceMakeOneValidFile() async throws {
    let path = temporaryLogPath("eight.json")
    defer { removeLogFiles(path) }
    let debug = DebugLog(try .trace(path))
    let actions = 200
    let ids = await runStoresAtOnce(actions: actions) { _ in
      Store(
        initialState: .init(), interactor: SearchFeature(), clock: ContinuousClock(), hooks: [], observers: [],
        debug: .using(debug))
    } action: {
      .queryChanged("\($0)")
    }
    let trace = try TraceFileReader(path: path)
    #expect(Set(trace.events.compactMap { $0["pid"] as? Int }) == Set(ids.map(\.number) + [0]))
    for id in ids {
      let spans = trace.spans(of: id).filter { $0.depth == 0 }
      #expect(spans.count == actions)
      #expect(spans.allSatisfy { $0.outcome == "completed" })
    }
  }

  @Test func aTraceFileThatCannotBeCreatedSaysWhy() {
    #expect(throws: DebugSinkError.self) { try DebugSink.trace("/no/such/folder/trace.json") }
  }
}
