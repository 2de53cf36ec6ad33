@testable import Actuate
import Observation
import Testing

/// Whether an observation registered by `read` fires, once `change` has reached the model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
func fires(
  _ model: StoreModel<ViewFeature>, reading read: () -> Void, after change: ViewFeature.Action
) async -> Bool {
  let fired = Flag()
  withObservationTracking {
    read()
  } onChange: {
    fired.set()
  }
  await model.sendAndWait(change)
  return fired.isSet
}

/// Set once, from any thread.
final class Flag: Sendable {
  private let value = Locked(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}

// The suite is not marked available from macOS 14 (Swift Testing refuses it): each test checks instead.
@MainActor
@Suite("View store: tracking")
struct StoreModelTrackingTests {
  @Test func aReadOfOnePropertyIgnoresTheOthers() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    #expect(await !fires(model, reading: { _ = model.query }, after: .resultsLoaded(["tabby"])))
    #expect(await !fires(model, reading: { _ = model.query }, after: .increment))
    #expect(await fires(model, reading: { _ = model.query }, after: .queryChanged("tab")))
    #expect(model.query == "tab")
    #expect(model.results == ["tabby"])
  }

  @Test func aReadFromCodeGenericOverTheValueStillComparesItWhenItIsEquatable() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    // What a binding does: it reads through a key path whose value type it does not constrain.
    func read<Value>(_ keyPath: KeyPath<ViewFeature.State, Value>) -> Value { model[keyPath] }
    await model.sendAndWait(.queryChanged("tab"))
    #expect(await !fires(model, reading: { _ = read(\.query) }, after: .queryChanged("tab")))
    #expect(await !fires(model, reading: { _ = model.query }, after: .queryChanged("tab")))
    #expect(await fires(model, reading: { _ = read(\.query) }, after: .queryChanged("tabby")))
  }

  @Test func aWriteOfTheSameValueDoesNotFire() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    await model.sendAndWait(.queryChanged("tab"))
    #expect(await !fires(model, reading: { _ = model.query }, after: .queryChanged("tab")))
  }

  @Test func aNestedReadTracksThatPropertyAlone() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    #expect(await !fires(model, reading: { _ = model[\.settings.theme] }, after: .fontSizeChanged(14)))
    #expect(await fires(model, reading: { _ = model[\.settings.theme] }, after: .themeChanged("dark")))
    // Reading the whole struct tracks all of it.
    #expect(await fires(model, reading: { _ = model.settings }, after: .fontSizeChanged(16)))
    #expect(model.settings == .init(theme: "dark", fontSize: 16))
  }

  @Test func anElementReadTracksThatElementAlone() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let second = { _ = model[\.rows, id: 2] }
    #expect(await !fires(model, reading: second, after: .rename(1, "uno")))
    // Moving an element does not change it.
    #expect(await !fires(model, reading: second, after: .insertFirst(.init(id: 0, title: "zero"))))
    #expect(await fires(model, reading: second, after: .rename(2, "dos")))
    #expect(model[\.rows, id: 2]?.title == "dos")
    #expect(await fires(model, reading: second, after: .remove(2)))
    #expect(model[\.rows, id: 2] == nil)
    // A reader waiting for an id that left (its key was let go) hears of its return.
    #expect(await fires(model, reading: second, after: .insertFirst(.init(id: 2, title: "back"))))
    #expect(model[\.rows, id: 2]?.title == "back")
    // The list itself tracks every change to it.
    #expect(await fires(model, reading: { _ = model.rows }, after: .rename(1, "one again")))
  }

  @Test func aReadMadeWhileAnUpdateIsUnderWaySeesTheStateBeforeIt() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let seen = Locked<[String?]>([])
    withObservationTracking {
      _ = model[\.rows, id: 2]
    } onChange: {
      // Observation calls back before the change lands, and the model applies changes on the main actor.
      MainActor.assumeIsolated { seen.withLock { $0.append(model[\.rows, id: 2]?.title) } }
    }
    // Removing the first row moves the second, and renaming it changes it. The main actor is held until
    // the store has done both, so they reach the model as one update.
    let store = model.store
    holdingTheMainActor {
      store.send(.remove(1))
      await store.sendAndWait(.rename(2, "dos"))
    }
    await model.catchUp()
    #expect(seen.withLock { $0 } == ["two"])
    #expect(model[\.rows, id: 2]?.title == "dos")
    #expect(model.rows.count == 1)
  }

  @Test func aReadOfTheWholeStateTracksEveryChange() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    #expect(await fires(model, reading: { _ = model.state }, after: .increment))
    #expect(model.state.count == 1)
  }

  @Test func severalReadsFireOnceForAChangeOfAny() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    let model = StoreModel(initialState: .init(), interactor: ViewFeature())
    let calls = Counted()
    withObservationTracking {
      _ = model.query
      _ = model.count
    } onChange: {
      calls.increment()
    }
    await model.sendAndWait(.increment)
    await model.sendAndWait(.queryChanged("again"))
    #expect(calls.value == 1)
  }
}

/// Counts calls, from any thread.
final class Counted: Sendable {
  private let count = Locked(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
