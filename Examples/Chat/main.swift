import Actuate
import Foundation

// Usage: swift run --package-path Examples chat [--log <file>]
let arguments = Array(CommandLine.arguments.dropFirst())
var logPath: String?
if let flag = arguments.firstIndex(of: "--log") {
  guard arguments.indices.contains(flag + 1) else {
    print("usage: chat [--log <file>]")
    exit(2)
  }
  logPath = arguments[flag + 1]
}

// With --log, every action and a diff of every state change go to the file, as the program runs.
var debug = DebugLogging<ChatInteractor>.default
if let logPath {
  do {
    debug = .using(DebugLog(try .file(logPath)))
  } catch {
    print("chat: cannot log to \(logPath): \(error). Running without a log.")
  }
}
let store = Store(initialState: .init(), interactor: ChatInteractor(service: .demo()), debug: debug)

let printer = Task {
  var shown = 0
  for await messages in store.values(\.messages) {
    switch messages {
    case .loading: print("loading…")
    case .failed(let error): print(error)
    case .loaded(let messages):
      for message in messages.dropFirst(shown) { print(line(message)) }
      shown = messages.count
    }
  }
}

func line(_ message: ChatMessage) -> String {
  switch message.author {
  case .me: "                 me: \(message.text)"
  case .other(let name): "\(name): \(message.text)"
  }
}

await store.send(.load).finish()
for draft in ["Y", "Ye", "Yes", "Yes!"] {
  store.send(.draftChanged(draft))
}
try? await Task.sleep(for: .milliseconds(600))  // the user pauses: the draft is saved once
store.send(.sendTapped)
store.send(.draftChanged("Ship it?"))
store.send(.sendTapped)

// Waits for both messages and both replies.
for await messages in store.values(\.messages) {
  if case .loaded(let list) = messages, list.count == 6 { break }
}
store.stop()
await printer.value
if let logPath {
  await store.flushDebugLog()
  print("the debug log is in \(logPath)")
}
