@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension StoreModel {
  /// Creates a store from `initialState` and `interactor` (as
  /// ``Store/init(initialState:interactor:clock:debug:name:)`` does) and follows it: one call for a view that
  /// owns its feature.
  public convenience init(
    initialState: I.State, interactor: I, clock: some Clock<Duration> = ContinuousClock(),
    debug: DebugLogging<I> = .default, name: String? = nil
  ) {
    self.init(
      following: Store(initialState: initialState, interactor: interactor, clock: clock, debug: debug, name: name),
      madeWith: initialState)
  }
}
