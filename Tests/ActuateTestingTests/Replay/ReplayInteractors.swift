import Actuate
import ActuateTesting
import Foundation

/// A counter whose increments await a recorded save: the lost update of Docs/Testing.md, recorded live and
/// replayed.
struct SavingCounterInteractor: Interactor {
  struct State: Codable, Equatable, Sendable {
    var count = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case increment
  }

  let save: Recorded<Void, Void>
  /// The fix: read the count after the save, not before, so that no increment is lost.
  var readsAfterSaving = false

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      if readsAfterSaving {
        try? await save()
        store.count += 1
      } else {
        let count = store.count
        try? await save()
        store.count = count + 1
      }
    }
  }
}

/// Search as you type, debounced on the store's clock and sent by a hook, with a recorded search service.
struct RecordedSearchInteractor: Interactor {
  struct State: Codable, Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var error: String?
  }

  enum Action: Codable, Equatable, Sendable {
    case queryChanged(String)
    case search(String)
  }

  enum Hook: CaseIterable, Sendable {
    case queryTyped
  }

  let search: Recorded<String, [String]>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .queryChanged(let query):
      store.query = query
    case .search(let query):
      do {
        store.results = try await search(query)
        store.error = nil
      } catch {
        store.error = "\(error)"
      }
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    if case .search = action { return .debounce(id: "search", for: .milliseconds(300)) }
    return .concurrent
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .send(store.values(\.query).dropFirst()) { .search($0) }
  }
}

/// A sign-in form whose password is redacted: the session never holds it.
struct RedactedFormInteractor: Interactor {
  struct State: Codable, Equatable, Sendable {
    var email = ""
    @Redacted var password = ""
  }

  enum Action: Codable, Equatable, Sendable {
    case typed(email: String, password: Redacted<String>)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .typed(let email, let password):
      store.email = email
      store.password = password.wrappedValue
    }
  }
}

/// An interactor whose actions are not Codable: its session leaves them out, with one warning.
struct UncodableActionInteractor: Interactor {
  struct State: Codable, Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case add(Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    if case .add(let amount) = action { store.count += amount }
  }
}

/// Stamps each tap with an id made afresh every run, which its handler sends on and never keeps: a replay's
/// change has the recording's state and cause, but not its id.
struct StampingInteractor: Interactor {
  struct State: Codable, Equatable, Sendable {
    var taps = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case tap
    case stamped(UUID)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .tap: store.send(.stamped(UUID()))
    case .stamped: store.taps += 1
    }
  }
}

/// Holds each call of a live dependency until the test lets it return, so that a recording runs in an
/// order the test chooses: what a slow network does to a live store.
final class Gate: Sendable {
  private struct State {
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())
  let arrivals: AsyncStream<Void>
  private let arrived: AsyncStream<Void>.Continuation

  init() {
    (arrivals, arrived) = AsyncStream<Void>.makeStream()
  }

  /// Waits until the test opens this call.
  func pass() async {
    await withCheckedContinuation { continuation in
      state.withLock { $0.waiting.append(continuation) }
      arrived.yield()
    }
  }

  /// Lets the call that arrived `index`-th among those still waiting return.
  func open(_ index: Int) {
    state.withLock { $0.waiting.remove(at: index) }.resume()
  }
}

/// Records the lost update live: two increments read 0, then their saves return in the order `answers` gives
/// (each the index of the waiting save to let go).
func recordLostUpdate(to file: SessionFiles, answeringSaves answers: (Int, Int)) async {
  let gate = Gate()
  let store = Store(
    initialState: .init(), interactor: SavingCounterInteractor(save: Recorded("save") { await gate.pass() }),
    recording: .file(file.path))
  var arrivals = gate.arrivals.makeAsyncIterator()
  store.send(.increment)
  await arrivals.next()
  store.send(.increment)
  await arrivals.next()
  gate.open(answers.0)
  gate.open(answers.1)
  await store.waitUntilIdle()
  await store.stopAndFlush()
}

/// A log fed by sends and by a hook on a sequence of events from outside the store: the session records
/// both, in the order the store took them.
struct EventLogInteractor: Interactor {
  struct Event: Codable, Sendable {
    var text: String
  }

  struct State: Codable, Equatable, Sendable {
    var log: [String] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case note(String)
  }

  enum Hook: CaseIterable, Sendable {
    case events
  }

  let events: AsyncStream<Event>
  /// A change to the hook's handling: a replay of an older session diverges at its first element.
  var uppercasesEvents = false

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    if case .note(let text) = action { store.log.append(text) }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(events) { event, store in store.log.append(uppercasesEvents ? event.text.uppercased() : event.text) }
  }
}

extension EventLogInteractor {
  /// A replay's: the session feeds the hook, so its sequence never yields.
  static var replaying: Self { Self(events: AsyncStream { _ in }) }
}

/// A hook on events that are not Codable: the session leaves them out, with one warning.
struct UncodableEventInteractor: Interactor {
  struct Ping: Sendable {
    var number: Int
  }

  struct State: Codable, Equatable, Sendable {
    var pings: [Int] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case reset
  }

  enum Hook: CaseIterable, Sendable {
    case pings
  }

  let pings: AsyncStream<Ping>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    store.pings = []
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(pings) { ping, store in store.pings.append(ping.number) }
  }
}

extension Store {
  /// Stops the store and returns once its session is written to the end, its `stopped` line included: a
  /// store let go stops on its own, and its last line could come while the test reads the file.
  func stopAndFlush() async {
    stop()
    // The store ends every sequence of its states once it has stopped.
    for await _ in states {}
    await flushDebugLog()
  }
}
