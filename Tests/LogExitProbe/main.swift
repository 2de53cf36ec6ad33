import Actuate

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A command-line tool as a newcomer writes one, for LogExitTests to run as a child process with the debug
// log on: three awaited sends, then, as its arguments say, a stop or none, and a return from `main`, a call
// to `exit`, or a handler that traps on the second action. It calls nothing to flush the log.

struct Tally: Interactor {
  struct State: Equatable, Sendable {
    var total = 0
  }

  enum Action: Equatable, Sendable {
    case add(Int)
  }

  let trapsOn: Int?

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .add(let amount):
      precondition(amount != trapsOn, "the probe traps on .add(\(amount)), as it was told to")
      store.total += amount
    }
  }
}

let arguments = Set(CommandLine.arguments.dropFirst())
let store = Store(initialState: Tally.State(), interactor: Tally(trapsOn: arguments.contains("trap") ? 2 : nil))
for amount in 1...3 { await store.sendAndWait(.add(amount)) }
if arguments.contains("stop") { store.stop() }
print(await store.state.total)
if arguments.contains("exit") { exit(0) }
