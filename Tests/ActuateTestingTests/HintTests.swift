import Actuate
@testable import ActuateTesting
import Testing

/// A failure that advises what to do, provoked by a wrong test, and the same test doing what it advises.
struct Hint: Sendable, CustomTestStringConvertible {
  let name: String
  /// What the failure must say.
  let advice: String
  let wrong: @Sendable () async -> Void
  /// The wrong test with the advice followed: it passes.
  let right: @Sendable () async -> Void

  var testDescription: String { name }
}

private func hintStore(clock: TestClock = TestClock(), outside: AsyncStream<Void> = AsyncStream { _ in })
  -> TestStore<HintInteractor>
{
  TestStore(
    initialState: .init(), interactor: HintInteractor(outside: outside), clock: clock, timeout: .milliseconds(100))
}

extension Hint {
  static let all: [Hint] = [
    Hint(
      name: "a handler that sleeps before its change, asserted at its send",
      advice: "advance the clock first, then assert with step { … }"
    ) {
      let store = hintStore()
      await store.send(.later) { $0.count = 1 }
      store.skipRemaining()
    } right: {
      let clock = TestClock()
      let store = hintStore(clock: clock)
      await store.send(.later)
      await clock.advance(by: .seconds(1))
      await store.step { $0.count = 1 }
      await store.finish()
    },
    Hint(
      name: "a debounced search's cleanup, asserted at the receive of the search that cancelled it",
      advice:
        "The next unasserted change is by the cleanup of .search(\"ta\"), cancelled (debounced), and it makes the state the test expects: call receive(.search(\"tab\")) without a closure, then assert that change with step { … }"
    ) {
      let (store, _) = await searchRunning()
      await store.send(.queryChanged("tab")) { $0.query = "tab" }
      await store.receive(.search("tab")) { $0.isLoading = false }
      store.skipRemaining()
    } right: {
      let (store, clock) = await searchRunning()
      await store.send(.queryChanged("tab")) { $0.query = "tab" }
      await store.receive(.search("tab"))
      await store.step { $0.isLoading = false }
      await clock.advance(by: .milliseconds(300))
      await store.step { $0.isLoading = true }
      await clock.advance(by: .seconds(1))
      await store.step {
        $0.isLoading = false
        $0.count = 1
      }
      await store.finish()
    },
    Hint(
      name: "a receive of what nothing sent",
      advice:
        "(every task has ended or waits for an element the test feeds, and nothing sleeps on the TestClock); send the action that leads to it"
    ) {
      let store = hintStore()
      await store.receive(.ping) { $0.count = 1 }
      store.skipRemaining()
    } right: {
      let store = hintStore()
      await store.send(.sendPing)
      await store.receive(.ping) { $0.count = 1 }
      await store.finish()
    },
    Hint(
      name: "a step for a change a sleeping handler makes",
      advice: "(every task has ended or sleeps on the TestClock); advance the clock first"
    ) {
      let store = hintStore()
      await store.send(.later)
      await store.step { $0.count = 1 }
      store.skipRemaining()
    } right: {
      let clock = TestClock()
      let store = hintStore(clock: clock)
      await store.send(.later)
      await clock.advance(by: .seconds(1))
      await store.step { $0.count = 1 }
      await store.finish()
    },
    Hint(
      name: "a step for a change that will not come: the lost update",
      advice:
        "no change came, and none will (every task has ended or waits for an element the test feeds, and nothing sleeps on the TestClock) unless the test sends or feeds something"
    ) {
      let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
      await store.overlap {
        await store.send(.increment)
        await store.send(.increment)
      }
      await store.step { $0.count = 1 }
      await store.step { $0.count = 2 }
      store.skipRemaining()
    } right: {
      let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
      await store.send(.increment) { $0.count = 1 }
      await store.send(.increment) { $0.count = 2 }
      await store.finish()
    },
    Hint(name: "a step before the receive of the action that changed it", advice: "call receive(.ping) first") {
      let store = hintStore()
      await store.send(.sendPing)
      await store.step { $0.count = 1 }
      store.skipRemaining()
    } right: {
      let store = hintStore()
      await store.send(.sendPing)
      await store.receive(.ping) { $0.count = 1 }
      await store.finish()
    },
    Hint(name: "a send without a closure that changed the state", advice: "Pass a closure that makes this change") {
      let store = hintStore()
      await store.send(.ping)
      store.skipRemaining()
    } right: {
      let store = hintStore()
      await store.send(.ping) { $0.count = 1 }
      await store.finish()
    },
    Hint(
      name: "a send before the test asserted what came earlier",
      advice: "Assert changes with step { … } and actions sent from inside with receive(…)"
    ) {
      let store = hintStore()
      await store.send(.sendPing)
      await store.send(.ping) { $0.count = 2 }
      store.skipRemaining()
    } right: {
      let store = hintStore()
      await store.send(.sendPing)
      await store.receive(.ping) { $0.count = 1 }
      await store.send(.ping) { $0.count = 2 }
      await store.finish()
    },
    Hint(
      name: "a finish while a task sleeps on the TestClock",
      advice:
        ".later: sleeps on the TestClock until 1.0 seconds, 1.0 seconds from now\nAdvance the clock (await clock.run())"
    ) {
      let store = hintStore()
      await store.send(.later)
      await store.finish()
    } right: {
      let clock = TestClock()
      let store = hintStore(clock: clock)
      await store.send(.later)
      await clock.run()
      await store.step { $0.count = 1 }
      await store.finish()
    },
    Hint(
      name: "a finish while a task awaits the outside",
      advice:
        ".waitOutside: waits on something outside the store, not the TestClock\nA task that runs on without the TestClock waits on something else"
    ) {
      let store = hintStore()
      await store.send(.waitOutside)
      await store.finish()
    } right: {
      let (outside, input) = AsyncStream<Void>.makeStream()
      let store = hintStore(outside: outside)
      await store.send(.waitOutside)
      input.finish()
      await store.finish()
    },
    Hint(
      name: "a finish with events unasserted",
      advice:
        "Assert changes with step { … } and actions sent from inside with receive(…), or make the test non-exhaustive"
    ) {
      let store = hintStore()
      await store.send(.sendPing)
      await store.finish()
    } right: {
      let store = hintStore()
      await store.send(.sendPing)
      await store.receive(.ping) { $0.count = 1 }
      await store.finish()
    },
    Hint(name: "a store let go unended", advice: "End the test with await store.finish()") {
      let store = hintStore()
      await store.send(.sendPing)
    } right: {
      let store = hintStore()
      await store.send(.sendPing)
      store.skipRemaining()
    },
    Hint(
      name: "a closure on a send inside overlap",
      advice: "Remove the closure and assert them with step { … } after the block"
    ) {
      let store = hintStore()
      await store.overlap { await store.send(.ping) { $0.count = 1 } }
      store.skipRemaining()
    } right: {
      let store = hintStore()
      await store.overlap { await store.send(.ping) }
      await store.step { $0.count = 1 }
      await store.finish()
    },
    Hint(
      name: "a step inside overlap",
      advice:
        "step inside overlap { … }: what the block sends is asserted after it, once the store is quiet. Move step after the block's closing brace."
    ) {
      let store = hintStore()
      await store.overlap {
        await store.send(.ping)
        await store.step { $0.count = 1 }
      }
      store.skipRemaining()
    } right: {
      let store = hintStore()
      await store.overlap { await store.send(.ping) }
      await store.step { $0.count = 1 }
      await store.finish()
    },
  ]

  /// A search started and running, its spinner on, asserted so far.
  private static func searchRunning() async -> (TestStore<HintInteractor>, TestClock) {
    let clock = TestClock()
    let store = hintStore(clock: clock)
    await store.send(.queryChanged("ta")) { $0.query = "ta" }
    await store.receive(.search("ta"))
    await clock.advance(by: .milliseconds(300))
    await store.step { $0.isLoading = true }
    return (store, clock)
  }
}

@Suite("TestStore: every hint is right, and the same every run")
struct HintTests {
  @Test(arguments: Hint.all)
  func theFailureAdvisesWhatMakesTheTestPassAndSaysItTheSameWayEveryRun(_ hint: Hint) async {
    let first = await failures(hint.wrong)
    #expect(first.joined(separator: "\n").contains(hint.advice), "\(first)")
    for _ in 0..<4 {
      #expect(await failures(hint.wrong) == first)
    }
    let right = await failures(hint.right)
    #expect(right == [])
  }

  /// Issue 39's case: `finish()` with a handler awaiting something outside the store, at a timeout of
  /// 500 ms, said it "runs on" in some runs. Eight at once, on a busy machine, all say the same.
  @Test func aFinishWhileATaskAwaitsTheOutsideSaysTheSameEveryRunAt500Milliseconds() async {
    let messages = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          await failures {
            let store = TestStore(initialState: .init(), interactor: HintInteractor(), timeout: .milliseconds(500))
            await store.send(.waitOutside)
            await store.finish()
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(messages.count == 8)
    #expect(Set(messages).count == 1, "\(Set(messages))")
    #expect(
      messages.first?.first?.contains(".waitOutside: waits on something outside the store, not the TestClock") == true)
  }
}
