/// Which entries a ``DebugLog`` logs: by interactor type and by kind of entry.
///
/// ```swift
/// DebugLog.global = DebugLog(.console, filter: DebugFilter(
///   interactors: [SearchInteractor.self],          // only search stores
///   kinds: [.action, .stateChange]))               // only actions and state changes
/// ```
///
/// The interactor filter is applied when a store is created: a store it leaves out gets no observer and
/// pays nothing. The kind filter is applied on the store as each event happens, before anything is copied.
/// To leave out some actions, pass a typed filter with the store's `debug:` argument
/// (``DebugLogging/default(actions:)`` or ``DebugLogging/using(_:actions:)``): the compiler checks it, and it
/// does not depend on how the log prints an action.
public struct DebugFilter: Sendable {
  /// The interactor types to log, or `nil` for every type.
  var storeTypes: Set<ObjectIdentifier>?
  /// The interactor types never to log.
  var excludedStoreTypes: Set<ObjectIdentifier>
  /// The kinds of entry to log.
  public var kinds: Set<DebugEntryKind>

  /// A filter; by default it keeps everything.
  ///
  /// - Parameters:
  ///   - interactors: Only stores of these interactor types are logged; `nil` logs every type.
  ///   - excluded: Stores of these interactor types are never logged.
  ///   - kinds: The kinds of entry to log.
  public init(
    interactors: [any Interactor.Type]? = nil,
    excluding excluded: [any Interactor.Type] = [],
    kinds: Set<DebugEntryKind> = Set(DebugEntryKind.allCases)
  ) {
    self.storeTypes = interactors.map { Set($0.map(ObjectIdentifier.init)) }
    self.excludedStoreTypes = Set(excluded.map(ObjectIdentifier.init))
    self.kinds = kinds
  }

  /// Whether stores of interactor type `type` are logged at all.
  func includes(_ type: any Interactor.Type) -> Bool {
    let id = ObjectIdentifier(type)
    if excludedStoreTypes.contains(id) { return false }
    return storeTypes?.contains(id) ?? true
  }
}
