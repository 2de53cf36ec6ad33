/// The printable structure of one value, decided once so dumping and diffing agree on how
/// every kind of value is laid out.
enum ValueShape {
  /// Prints on a single line: numbers, booleans, `nil`, dates, custom descriptions.
  case scalar(String)
  /// A string, kept raw so multi-line strings can be printed and diffed line by line.
  case text(String)
  /// A struct or class; `object` identifies class instances for cycle detection.
  case structure(name: String, fields: [ValueField], object: ObjectIdentifier?)
  case enumCase(name: String, caseName: String, payload: [ValueField])
  case tuple([ValueField])
  /// An ordered collection; `name` is `nil` for plain arrays, which print as `[…]`.
  case sequence(name: String?, elements: any ElementStorage)
  case keyed(name: String?, content: any KeyedStorage)
  /// A ``DebugRedacted`` value, which prints as `<redacted>` and is compared without being printed.
  case redacted
}

struct ValueField {
  var label: String?
  var value: Any
}

/// Reflects values into shapes; fast paths for common standard library types avoid `Mirror`.
struct ValueClassifier {
  var typeNames = TypeNameFormatter()
  private var enumShapes = ShapeMemo()

  /// Peels every layer of `Optional`, returning `nil` for an empty one.
  static func unwrapped(_ value: Any) -> Any? {
    var current = value
    while _openExistential(current, do: isOptionalValue), let optional = current as? any OptionalReflecting {
      guard let wrapped = optional.reflectedWrapped else { return nil }
      current = wrapped
    }
    if type(of: current) == AnyHashable.self, let hashable = current as? AnyHashable {
      return unwrapped(hashable.base)
    }
    return current
  }

  mutating func shape(of rawValue: Any) -> ValueShape {
    guard let value = Self.unwrapped(rawValue) else { return .scalar("nil") }
    switch ReflectedType.of(value) {
    case .redacted:
      return .redacted
    case .literal(let witness):
      if let shape = witness.shape(of: value) { return shape }
    case .sequence:
      if let sequence = value as? any SequenceReflecting {
        let name = sequence.displaysAsArray ? nil : containerName(of: value)
        return .sequence(name: name, elements: sequence.reflectedElements)
      }
    case .keyed:
      if let keyed = value as? any KeyedReflecting {
        return .keyed(name: keyed.isSet ? "Set" : nil, content: keyed.reflectedStorage)
      }
    case .structure(let layout):
      let fields = layout.fields(of: value)
      if fields.isEmpty, let description = Self.customDescription(of: value) { return .scalar(description) }
      return .structure(name: typeNames.name(of: type(of: value)), fields: fields, object: nil)
    case .enumeration:
      guard let key = ShapeMemo.key(of: value) else { break }
      if let known = enumShapes[key] { return known }
      let shape = mirrorShape(of: value)
      enumShapes.remember(shape, of: value, as: key)
      return shape
    case .mirror:
      break
    }
    return mirrorShape(of: value)
  }

  private mutating func mirrorShape(of value: Any) -> ValueShape {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct?, .class?:
      let fields = Self.fields(of: mirror)
      if fields.isEmpty, let description = Self.customDescription(of: value) {
        return .scalar(description)
      }
      let object = mirror.displayStyle == .class ? ObjectIdentifier(value as AnyObject) : nil
      return .structure(name: typeNames.name(of: type(of: value)), fields: fields, object: object)
    case .enum?:
      let name = typeNames.name(of: type(of: value))
      guard let child = mirror.children.first else {
        if let description = Self.customDescription(of: value) { return .scalar(description) }
        return .enumCase(name: name, caseName: String(describing: value), payload: [])
      }
      return .enumCase(name: name, caseName: child.label ?? "some", payload: Self.payloadFields(child.value))
    case .tuple?:
      return .tuple(Self.tupleFields(mirror))
    case .optional?:
      guard let child = mirror.children.first else { return .scalar("nil") }
      return shape(of: child.value)
    case .collection?:
      return .sequence(name: containerName(of: value), elements: TypedElements(mirror.children.map(\.value)))
    case .dictionary?:
      let entries = mirror.children.map { child -> (key: Any, value: Any) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return pair.count == 2 ? (pair[0].value, pair[1].value) : (child.label ?? "?", child.value)
      }
      return .keyed(name: containerName(of: value), content: MirroredKeyedStorage(entries: entries))
    case .set?:
      let elements = mirror.children.map { (key: $0.value, value: $0.value) }
      return .keyed(name: containerName(of: value), content: MirroredKeyedStorage(entries: elements, isSet: true))
    default:
      let fields = Self.fields(of: mirror)
      if fields.isEmpty {
        return .scalar(Self.customDescription(of: value) ?? String(describing: value))
      }
      return .structure(name: typeNames.name(of: type(of: value)), fields: fields, object: nil)
    }
  }

  private mutating func containerName(of value: Any) -> String {
    TypeNameFormatter.withoutGenericArguments(typeNames.name(of: type(of: value)))
  }

  static func customDescription(of value: Any) -> String? {
    if let debug = value as? any CustomDebugStringConvertible { return debug.debugDescription }
    if let plain = value as? any CustomStringConvertible { return plain.description }
    return nil
  }

  /// Superclass fields come first, matching declaration order; observation bookkeeping is
  /// hidden and `@Observable` backing storage is shown under the property's own name.
  private static func fields(of mirror: Mirror) -> [ValueField] {
    var chain: [Mirror] = [mirror]
    while let parent = chain.last?.superclassMirror { chain.append(parent) }
    var fields: [ValueField] = []
    for level in chain.reversed() {
      var observed = false
      var levelFields: [ValueField] = []
      for child in level.children {
        let label = child.label ?? "_"
        if label.hasPrefix("_$") {
          observed = observed || label == "_$observationRegistrar"
          continue
        }
        if label.hasPrefix("_"), child.value is any RedactedStorage {
          levelFields.append(ValueField(label: String(label.dropFirst()), value: child.value))
          continue
        }
        levelFields.append(ValueField(label: label, value: child.value))
      }
      for index in levelFields.indices {
        guard let label = levelFields[index].label else { continue }
        if label.hasPrefix(StructLayout.lazyPrefix) {
          levelFields[index].label = String(label.dropFirst(StructLayout.lazyPrefix.count))
        } else if observed, label.hasPrefix("_") {
          levelFields[index].label = String(label.dropFirst())
        }
      }
      fields += levelFields
    }
    return fields
  }

  private static func tupleFields(_ mirror: Mirror) -> [ValueField] {
    mirror.children.map { child in
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
      return ValueField(label: label, value: child.value)
    }
  }

  private static func payloadFields(_ payload: Any) -> [ValueField] {
    let mirror = Mirror(reflecting: payload)
    if mirror.displayStyle == .tuple { return tupleFields(mirror) }
    return [ValueField(label: nil, value: payload)]
  }
}

/// A metadata-kind check, far cheaper than a failing protocol cast on every value.
private func isOptionalValue<T>(_: T) -> Bool {
  _isOptional(T.self)
}

protocol OptionalReflecting {
  var reflectedWrapped: Any? { get }
}

extension Optional: OptionalReflecting {
  var reflectedWrapped: Any? { map { $0 as Any } }
}
