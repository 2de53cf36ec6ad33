import Actuate
import Observation

/// A burst of changes through a store into a main-actor view model, with a reader that re-registers after
/// every change as a SwiftUI view does.
///
/// The baseline is the engine issue's: a bare `@Observable` class mutated on the main actor once per change,
/// with the same reader, and no store at all: the floor under any bridge. What views did before
/// `StoreModel` (the same store and sends, and a main-actor loop over `values(\.count)` writing each value
/// into the bare class) is timed too, and printed as a note. Each side stops the clock when the main actor
/// shows the last count.
enum StoreModelUpdates {
  static let target = Target.ratio(3)
  @MainActor private static var lastRenders = (model: 0, baseline: 0)

  static let scenario = Scenario(name: "view-store", target: target) { settings in
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
      return ScenarioResult(notAvailable: "view-store", target: target, reason: "Observation needs macOS 14")
    }
    let count = settings.count(100_000)
    let runs = try await settings.compare(
      actuate: { try await timeStoreModel(count) },
      baseline: { try await timeBareMutations(count) }
    )
    var result = ScenarioResult(
      name: "view-store", count: count, runs: runs,
      baseline: "a bare @Observable class mutated on the main actor, no store", target: target, settings: settings)
    let valuesLoop = try await settings.measure { try await timeValuesLoop(count) }.median
    let ratio = runs.actuate.median.seconds / valuesLoop.seconds
    result.notes.append(
      "the same sends with a main-actor loop over values(\\.count) into the bare class, as views did before: \(Format.duration(valuesLoop)), \(Format.number(valuesLoop.seconds * 1e9 / Double(count))) ns per change (the view store: \(Format.number(ratio))× that)"
    )
    let renders = await (lastRenders.model, lastRenders.baseline)
    result.notes.append(
      "final count checked on the main actor; the reader re-rendered \(Format.count(renders.0)) times for the view store, \(Format.count(renders.1)) for the values loop (last run; fewer is coalescing)"
    )
    return result
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  private static func timeStoreModel(_ count: Int) async throws -> Duration {
    let model = StoreModel(initialState: Counter.State(), interactor: Counter())
    await model.catchUp()
    let renders = Renders { _ = model.count }
    let start = ContinuousClock.now
    for _ in 0..<count - 1 { model.send(.increment) }
    await model.sendAndWait(.increment)
    let elapsed = ContinuousClock.now - start
    lastRenders.model = try checked(shown: model.count, of: count, renders: renders)
    return elapsed
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  private static func timeValuesLoop(_ count: Int) async throws -> Duration {
    let store = Store(initialState: Counter.State(), interactor: Counter())
    let bare = BareModel()
    let renders = Renders { _ = bare.count }
    var values = store.values(\.count).makeAsyncIterator()
    _ = await values.next()
    let start = ContinuousClock.now
    for _ in 0..<count { store.send(.increment) }
    while bare.count < count, let value = await values.next() { bare.count = value }
    let elapsed = ContinuousClock.now - start
    lastRenders.baseline = try checked(shown: bare.count, of: count, renders: renders)
    return elapsed
  }

  /// Checks the main actor shows the last count and the reader was invalidated; returns its renders.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  private static func checked(shown: Int, of count: Int, renders: Renders) throws -> Int {
    try check(shown == count, "the main actor shows \(shown) of \(count)")
    try check(renders.count >= 1, "the reader was never invalidated")
    return renders.count
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  private static func timeBareMutations(_ count: Int) async throws -> Duration {
    let bare = BareModel()
    let renders = Renders { _ = bare.count }
    let start = ContinuousClock.now
    for _ in 0..<count { bare.count += 1 }
    let elapsed = ContinuousClock.now - start
    try check(bare.count == count && renders.count == count, "the bare model saw \(renders.count) of \(count)")
    return elapsed
  }
}

/// The baseline's model: what a view model is without Actuate.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
@MainActor
final class BareModel {
  var count = 0
}

/// A reader that tracks what `read` reads and reads it again after each change, as a view re-renders:
/// counts how often it was invalidated.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class Renders {
  private(set) var count = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking(read) { [weak self] in
      // Called before the change lands; a view re-renders after it, so the reader does too.
      MainActor.assumeIsolated {
        guard let self else { return }
        self.count += 1
        self.track()
      }
    }
  }
}
