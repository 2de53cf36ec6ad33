import Actuate
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A program with a persisted store, for PersistenceCrashTests to run as a child process. Its first argument
// is the state file; then what to do:
//   crash <point>   saves total 1, then dies by SIGKILL at <point> of the save of total 3
//   exit            adds 1, 2, 3 and returns from main without waiting for the saves
//   stop            the same, then stops the store and calls exit(0)
//   count           adds 1 at a time, forever, printing each total once it is saved, until killed
// and, after the mode, `umask0` to run under a umask that lets files be made readable by anyone.

struct Tally: Interactor {
  struct State: Equatable, Sendable {
    var total = 0
    var adds = 0
  }

  enum Action: Equatable, Sendable {
    case add(Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .add(let amount):
      store.total += amount
      store.adds += 1
    }
  }
}

/// Prints `line` at once, unbuffered: the test reads each line as it comes.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("umask0") { umask(0) }
let url = URL(fileURLWithPath: arguments[0])
let store = Store(
  initialState: Tally.State(), interactor: Tally(), persistence: .file(url, persisting: \.total))
say("loaded \(await store.state.total)")

switch arguments[1] {
case "crash":
  await store.sendAndWait(.add(1))
  try await store.waitUntilSaved()
  let point = SavePoint(rawValue: arguments[2])!
  SavePoint.handler.withLock { $0 = { if $0 == point { kill(getpid(), SIGKILL) } } }
  await store.sendAndWait(.add(2))
  try await store.waitUntilSaved()
  say("not killed")
case "exit":
  for amount in 1...3 { await store.sendAndWait(.add(amount)) }
case "stop":
  for amount in 1...3 { await store.sendAndWait(.add(amount)) }
  store.stop()
  exit(0)
case "count":
  while true {
    let (_, total) = await store.sendAndWait(.add(1)) { $0.total }
    try await store.waitUntilSaved()
    say("saved \(total)")
  }
default:
  fatalError("unknown mode \(arguments[1])")
}
