@testable import Actuate
import Testing

@MainActor
@Suite("View store: updates and lifetime")
struct StoreModelUpdateTests {
  @Test func changesThatArriveWhileTheMainActorIsBusyAreAppliedAsOneUpdate() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let seen = Locked<[Int]>([])
    let token = model.observe(\.count) { count in seen.withLock { $0.append(count) } }
    // The main actor is held until the store has handled all 100, so none of them can reach the model
    // in between: the follower is woken once and finds the last state waiting.
    let store = model.store
    holdingTheMainActor {
      for _ in 0..<100 { await store.sendAndWait(.increment) }
    }
    await model.catchUp()
    #expect(seen.withLock { $0 } == [0, 100])
    #expect(model.count == 100)
    _ = token
  }

  @Test func updatesArriveInOrderAndTheLastIsTheStores() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let seen = Locked<[Int]>([])
    let token = model.observe(\.count) { count in seen.withLock { $0.append(count) } }
    let store = model.store
    // Sent from another task while the main actor is free to apply updates as they come.
    await Task.detached {
      for _ in 0..<1_000 { store.send(.increment) }
      await store.sendAndWait(.increment)
    }.value
    await model.catchUp()
    let values = seen.withLock { $0 }
    #expect(values.first == 0)
    #expect(values.last == 1_001)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    #expect(model.state == (await store.state))
    _ = token
  }

  @Test func aModelMadeFromAStoreStartsFromItsCurrentState() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let store = Store(initialState: .init(), interactor: ViewFeature())
    await store.sendAndWait(.queryChanged("before"))
    let model = await StoreModel(store)
    #expect(model.query == "before")
    await model.sendAndWait(.queryChanged("after"))
    #expect(model.query == "after")
  }

  @Test func anObservationStopsWhenItsTokenIsReleasedOrCancelled() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let queries = Locked<[String]>([])
    let themes = Locked<[String]>([])
    var queryToken: ObservationToken? = model.observe(\.query) { query in queries.withLock { $0.append(query) } }
    let themeToken = model.observe(\.settings.theme) { theme in themes.withLock { $0.append(theme) } }
    await model.sendAndWait(.queryChanged("a"))
    await model.sendAndWait(.fontSizeChanged(20))  // neither observed value changes
    await model.sendAndWait(.themeChanged("dark"))
    queryToken = nil
    themeToken.cancel()
    await model.sendAndWait(.queryChanged("b"))
    await model.sendAndWait(.themeChanged("light"))
    #expect(queries.withLock { $0 } == ["", "a"])
    #expect(themes.withLock { $0 } == ["light", "dark"])
    #expect(themeToken.isCancelled)
    _ = queryToken
  }

  @Test func aSetterSendsTheActionItMakesOfTheValue() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let setQuery = model.setter { .queryChanged($0) }
    setQuery("tabby")
    await model.catchUp()
    #expect(model.query == "tabby")
  }

  @Test func aSetterUsedAfterTheStoreStoppedWarnsAsASendDoes() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let setQuery = model.setter { .queryChanged($0) }
    model.store.stop()
    let warnings = Warnings()
    Diagnostics.$handler.withValue({ warnings.record($0) }) {
      setQuery("lost")
      model.send(.queryChanged("lost too"))
    }
    let lines = warnings.all
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#"has stopped, so .queryChanged("lost") was not handled"#) == true)
    #expect(lines.first?.replacingLost() == lines.last?.replacingLost())
    await model.catchUp()
    #expect(model.query == "")
  }

  @Test(.timeLimit(.minutes(1)))
  func releasingTheModelReleasesTheStoreAndEndsItsObservation() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let (gone, goneInput) = AsyncStream<Void>.makeStream()
    weak var weakModel: StoreModel<ViewFeature>?
    weak var weakStore: Store<ViewFeature>?
    do {
      let model = StoreModel(initialState: .init(), interactor: ViewFeature(canary: Canary(goneInput)))
      weakModel = model
      weakStore = model.store
      await model.sendAndWait(.increment)
      #expect(model.count == 1)
      #expect(await model.store.actor.hasSubscribers)
    }
    #expect(weakModel == nil)
    #expect(weakStore == nil)
    // The store's actor goes once its tasks, the model's follower among them, have ended.
    var iterator = gone.makeAsyncIterator()
    await iterator.next()
  }
}

extension String {
  /// The line with the action's payload left out, to compare two warnings about different payloads.
  fileprivate func replacingLost() -> String {
    replacingOccurrences(of: #"("lost too")"#, with: "").replacingOccurrences(of: #"("lost")"#, with: "")
  }
}
