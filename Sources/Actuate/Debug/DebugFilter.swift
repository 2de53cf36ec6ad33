/// Which entries a ``DebugStore`` logs: by store type, by kind of entry, and by action.
///
/// ```swift
/// DebugStore.enable(.console, filter: DebugFilter(
///   stores: [SearchInteractor.self],               // only search stores
///   kinds: [.action, .stateChange],                // only actions and state changes
///   actions: { !$0.hasPrefix(".tick") }))          // and not the timer's ticks
/// ```
///
/// The store filter is applied when a store is created: a store it leaves out gets no observer and pays
/// nothing. The kind filter is applied on the store as each event happens, before anything is copied. The
/// action filter sees each action as it is logged (`.search("tabby")`), on the background writer, and
/// drops every entry about that action: the action itself, the state change its handler made, its
/// cancellation, its end and its dropped writes and sends. For a typed filter over one store's actions,
/// see ``DebugLogging/using(_:actions:)``.
public struct DebugFilter: Sendable {
  /// The interactor types to log, or `nil` for every type.
  var storeTypes: Set<ObjectIdentifier>?
  /// The interactor types never to log.
  var excludedStoreTypes: Set<ObjectIdentifier>
  /// The kinds of entry to log.
  public var kinds: Set<DebugEntryKind>
  /// Whether to log entries about an action, given the action as the log prints it (`.search("tabby")`).
  public var actions: @Sendable (String) -> Bool {
    didSet { keepsEveryAction = false }
  }
  /// No action filter was given: the writer need not describe actions to ask it.
  private(set) var keepsEveryAction: Bool

  /// A filter; by default it keeps everything.
  ///
  /// - Parameters:
  ///   - stores: Only stores of these interactor types are logged; `nil` logs every type.
  ///   - excludedStores: Stores of these interactor types are never logged.
  ///   - kinds: The kinds of entry to log.
  ///   - actions: Whether to log the entries about an action, given the action as the log prints it; `nil`
  ///     logs every action, and spares the writer describing each one to ask.
  public init(
    stores: [any Interactor.Type]? = nil,
    excluding excludedStores: [any Interactor.Type] = [],
    kinds: Set<DebugEntryKind> = Set(DebugEntryKind.allCases),
    actions: (@Sendable (String) -> Bool)? = nil
  ) {
    self.storeTypes = stores.map { Set($0.map(ObjectIdentifier.init)) }
    self.excludedStoreTypes = Set(excludedStores.map(ObjectIdentifier.init))
    self.kinds = kinds
    self.actions = actions ?? { _ in true }
    self.keepsEveryAction = actions == nil
  }

  /// Whether stores of interactor type `type` are logged at all.
  func includes(_ type: any Interactor.Type) -> Bool {
    let id = ObjectIdentifier(type)
    if excludedStoreTypes.contains(id) { return false }
    return storeTypes?.contains(id) ?? true
  }
}
