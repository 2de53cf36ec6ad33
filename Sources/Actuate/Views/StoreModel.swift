import Observation

/// A store as a view sees it: its state on the main actor, `Observable`, tracked part by part.
///
/// ```swift
/// let model = StoreModel(initialState: .init(), interactor: SearchInteractor(search: api.search))
/// model.send(.queryChanged("tabby"))
/// Text(model.query)         // a view that reads only `query` is not redrawn when `results` change
/// ```
///
/// Reading `model.query` registers `query` alone with Observation (`withObservationTracking`, SwiftUI), so a
/// change of another property does not invalidate the reader; `model[\.settings.theme]` tracks one nested
/// property, and `model[\.todos, id: id]` one element of a collection. The store's changes reach the model
/// in order; those that arrive before the main actor runs again are applied as one update, and none is
/// lost: once the store is idle, the model's state is the store's.
///
/// The model keeps its store alive. When the model goes away, it stops following the store (and the store
/// stops if nothing else holds it).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@dynamicMemberLookup
public final class StoreModel<I: Interactor>: Observable {
  /// The store this model follows: pass it to code that sends or observes off the main actor.
  public let store: Store<I>

  private var current: I.State
  /// Counts the updates applied, so element positions know which state they index.
  private var generation: UInt64 = 0
  private let feed = StateFeed<I.State>()
  private let registrar = ObservationRegistrar()
  private var reads = ReadPaths<StoreModel<I>, I.State>()
  private var observers = ValueObservers<I.State>()

  /// Follows `store`, starting from its state as of now.
  public init(_ store: Store<I>) async {
    self.store = store
    let feed = feed
    current = await store.actor.stateAttaching(feed)
    follow()
  }

  /// Follows a store just made with `state`: it has published nothing yet, so the model starts from it.
  init(following store: Store<I>, madeWith state: I.State) {
    self.store = store
    current = state
    follow()
  }

  deinit {
    feed.cancel()
  }

  // The follower is an unstructured task because the model, which starts it, lives in no task; the model
  // owns it and ends it by cancelling the feed when it goes away. It holds the model weakly in between
  // updates, so that it never keeps the model alive.
  private func follow() {
    let feed = feed
    let actor = store.actor
    Task { [weak self] in
      await actor.attach(feed)
      while let state = await feed.next() {
        guard let self else { return }
        self.apply(state)
      }
    }
  }

  // MARK: Reading

  /// The whole state; reading it tracks every change.
  public var state: I.State {
    access(\I.State.self, hasChanged: EquatableValues.inequality(for: I.State.self))
    return current
  }

  /// One property of the state (`model.query`), the way to read: reading it tracks that property alone. A
  /// value compares with `==` when its type is `Equatable` (looked up once per property, on the first
  /// read); any other counts as changed at every update.
  public subscript<Value>(dynamicMember keyPath: KeyPath<I.State, Value>) -> Value {
    self[keyPath]
  }

  /// A part of the state at any depth (`model[\.settings.theme]`), for a nested read that must be tracked
  /// alone: `model.settings.theme` would track all of `settings`. Compared as a property read is.
  public subscript<Value>(keyPath: KeyPath<I.State, Value>) -> Value {
    access(keyPath, hasChanged: Self.change(at: keyPath))
    return current[keyPath: keyPath]
  }

  private static func change<Value>(at keyPath: KeyPath<I.State, Value>) -> (I.State, I.State) -> Bool {
    let differ = EquatableValues.inequality(for: Value.self)
    return { differ($0[keyPath: keyPath], $1[keyPath: keyPath]) }
  }

  /// The element with `id` in a collection of the state, or `nil` if there is none; reading it tracks that
  /// element alone, so a row is redrawn when its own element changes, not when a sibling does.
  public subscript<C: Collection>(keyPath: KeyPath<I.State, C>, id id: C.Element.ID) -> C.Element?
  where C.Element: Identifiable & Equatable {
    let elements = reads.elements(at: keyPath)
    registrar.access(self, keyPath: elements.key(for: id, makeKey: Self.key))
    return elements.element(id, in: current, generation: generation)
  }

  private func access(_ path: AnyKeyPath, hasChanged: @autoclosure () -> (I.State, I.State) -> Bool) {
    registrar.access(self, keyPath: reads.key(for: path, makeKey: Self.key, hasChanged: hasChanged()))
  }

  private static func key(_ part: TrackedPart) -> KeyPath<StoreModel<I>, Int> {
    \StoreModel<I>.[tracking: part]
  }

  /// The target of the observation keys: one per tracked part, each made from a key path into the state.
  nonisolated subscript(tracking part: TrackedPart) -> Int { 0 }

  // MARK: Updating

  /// Wraps the next update, when set: how a send with an animation animates the change it causes.
  var pendingUpdate: ((() -> Void) -> Void)?

  /// Applies a newer state of the store's: signals the tracked parts it changes, then hands the values to
  /// the observers.
  private func apply(_ new: I.State) {
    let old = current
    let changed = reads.changedKeys(from: old, to: new, generation: generation)
    let update = {
      for key in changed { self.registrar.willSet(self, keyPath: key) }
      self.current = new
      self.generation &+= 1
      for key in changed.reversed() { self.registrar.didSet(self, keyPath: key) }
    }
    if let wrap = pendingUpdate {
      pendingUpdate = nil
      wrap(update)
    } else {
      update()
    }
    observers.notify(new)
  }

  /// Waits until the model shows the store's state as of this call: what a test awaits before it reads.
  ///
  /// ```swift
  /// model.send(.queryChanged("tab"))
  /// await model.catchUp()
  /// #expect(model.query == "tab")
  /// ```
  public func catchUp() async {
    let feed = feed
    await store.actor.catchUp(feed)
    if let state = feed.take() { apply(state) }
  }

  // MARK: Sending

  /// Sends an action to the store: ordered after every earlier send, and returns at once. After the store
  /// has stopped, the action is not handled and a warning says so.
  @discardableResult
  public func send(_ action: I.PublicAction) -> ActionTask {
    store.send(action)
  }

  /// Sends an action, waits for its handler to return (or the action to be cancelled or rejected), then
  /// for the model to show the store's state as of then.
  @discardableResult
  public func sendAndWait(_ action: I.PublicAction) async -> ActionOutcome {
    let outcome = await store.sendAndWait(action)
    await catchUp()
    return outcome
  }

  // MARK: Observing

  /// Calls `onChange` with the value at `keyPath` now, then on the main actor with each distinct value
  /// after an update, until the returned token is cancelled or released: for code that is not a SwiftUI
  /// view, such as a UIKit controller.
  ///
  /// ```swift
  /// let token = model.observe(\.query) { query in label.text = query }
  /// ```
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<I.State, Value>, _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    let value = current[keyPath: keyPath]
    let token = ObservationToken()
    observers.add(keyPath, from: value, token: token, onChange: onChange)
    onChange(value)
    return token
  }
}
