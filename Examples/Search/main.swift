import Actuate

let store = Store(initialState: .init(), interactor: SearchInteractor(search: Recorded("search", demoSearch)))

let printer = Task {
  for await state in store.states {
    let status =
      if state.isSearching { "searching…" } else if let error = state.error { error } else { "\(state.results)" }
    print("query: \(state.query.isEmpty ? "-" : "\"\(state.query)\"")  \(status)")
  }
}

/// Types `text` after what is `typed` already, like a person: a letter at a time, faster than the debounce,
/// so only the last query is searched.
func type(_ text: String, after typed: String = "") async {
  var query = typed
  for letter in text {
    query.append(letter)
    store.send(.queryChanged(query))
    try? await Task.sleep(for: .milliseconds(60))
  }
}

func pause(_ duration: Duration = .milliseconds(800)) async {
  try? await Task.sleep(for: duration)
}

await type("swift")
await pause()
await type("-a", after: "swift")  // a new search: "swift-a"
await pause()
await type("!", after: "swift-a")  // "swift-a!" fails
await pause()
store.send(.queryChanged("nio"))
await pause(.milliseconds(400))  // the search for "nio" is in flight…
store.send(.clear)  // …and clearing cancels it: its results never show
await pause()
store.stop()
await printer.value
