import Actuate

/// Memory bounded by live work: a store that handles a million actions, each sent by the one before (at
/// once, or after a suspension, as a poll loop does), holds afterwards what it held before.
///
/// Resident memory is read with freed heap handed back, before the first send and after the store has
/// settled; the store is still held, so what stays is what the store keeps. The time is reported too.
///
/// The poll loop runs a tenth as many links: each waits for a suspension, the change it publishes and the
/// subscriber's wake-up on another thread (about 40 µs here, where a bare actor feeding an `AsyncStream`
/// takes 20), so a million of them would spend half a minute proving what a hundred thousand prove.
enum SelfSendChain {
  static let scenario = Scenario(name: "self-send-chain", target: .none) { settings in
    let count = settings.count(1_000_000)
    var result = ScenarioResult(name: "self-send-chain", target: .none, status: .reported)
    result.count = count
    for kind in [Kind.chain, .poll] {
      let links = kind.links(of: count)
      let store = Store(initialState: Chain.State(), interactor: Chain())
      _ = await store.state
      Memory.trim()
      guard let before = Memory.resident else { throw CheckFailure(description: "no /proc/self/status here") }
      let start = ContinuousClock.now
      store.send(kind.first(links))
      for await remaining in store.values(\.remaining) where remaining == 0 { break }
      let elapsed = ContinuousClock.now - start
      await store.actor.settle()
      let handled = await store.state.handled
      try check(handled == links + 1, "the \(kind) handled \(handled) of \(links + 1) actions")
      let live = await store.actor.liveActionNumbers
      try check(live.isEmpty, "the \(kind) left \(live.count) tasks live")
      Memory.trim()
      let after = Memory.resident ?? before
      withExtendedLifetime(store) {}
      result.notes.append(
        "\(kind): \(Format.count(links + 1)) actions in \(Format.duration(elapsed)); RSS before \(Format.bytes(before)), after \(Format.bytes(after)) (\(after >= before ? "+" : "-")\(Format.bytes(abs(after - before))))"
      )
      result.metrics["\(kind)RSSGrowth"] = Double(after - before)
    }
    return result
  }

  private enum Kind: CustomStringConvertible {
    case chain, poll

    /// How many links this kind runs, of the scenario's count.
    func links(of count: Int) -> Int {
      switch self {
      case .chain: count
      case .poll: max(count / 10, 1)
      }
    }

    func first(_ links: Int) -> Chain.Action {
      switch self {
      case .chain: .link(links)
      case .poll: .poll(links)
      }
    }

    var description: String {
      switch self {
      case .chain: "self-send chain"
      case .poll: "poll loop"
      }
    }
  }
}

/// Each link sends the next: at once (`link`), or after a suspension (`poll`).
private struct Chain: Interactor {
  struct State: Equatable, Sendable {
    var remaining = -1
    var handled = 0
  }

  enum Action: Equatable, Sendable {
    case link(Int)
    case poll(Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .link(let remaining):
      store.handled += 1
      store.remaining = remaining
      if remaining > 0 { store.send(.link(remaining - 1)) }
    case .poll(let remaining):
      await Task.yield()
      store.handled += 1
      store.remaining = remaining
      if remaining > 0 { store.send(.poll(remaining - 1)) }
    }
  }
}
