@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ViewStore {
  /// Creates a store from `state` and `interactor` (as ``Store/init(state:interactor:clock:debug:name:)``
  /// does) and follows it.
  public convenience init(
    state: I.State, interactor: I, clock: some Clock<Duration> = ContinuousClock(), debug: DebugLogging<I> = .global
  ) {
    self.init(following: Store(state: state, interactor: interactor, clock: clock, debug: debug), madeWith: state)
  }
}
