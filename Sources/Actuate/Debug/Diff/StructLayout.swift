@_spi(Reflection) import Swift

/// The stored properties of a struct type, learnt once per type, so that reflecting one of its values
/// loads each field from its offset.
///
/// A `Mirror` finds every child anew on every value: it decodes the field's mangled type name through
/// the runtime, boxes the child and builds its label, so that diffing the state would be the larger part of
/// logging an action. The layout reads the type's reflection metadata once (names, offsets, types) and
/// keeps, per field, a loader specialised for its type.
///
/// Types it cannot describe exactly keep the `Mirror`: anything `CustomReflectable`, a type whose first
/// value seen has a field of another dynamic type than its declared one (an existential, or a subclass
/// instance), and a type the runtime has no field metadata for.
struct StructLayout: Sendable {
  struct Field: Sendable {
    let label: String
    let offset: Int
    let loader: any FieldLoader.Type
  }

  let fields: [Field]

  /// The fields of `value`, which must be of the type this layout was learnt from.
  func fields(of value: Any) -> [ValueField] {
    Self.project(value, fields)
  }

  private static func project<Value>(_ value: Value, _ fields: [Field]) -> [ValueField] {
    withUnsafeBytes(of: value) { bytes in
      guard let base = bytes.baseAddress else { return [] }
      return fields.map { ValueField(label: $0.label, value: $0.loader.load(from: base + $0.offset)) }
    }
  }

  /// The layout of `value`'s type, or `nil` when its values must be reflected through a `Mirror`.
  static func learn(from value: Any) -> StructLayout? {
    guard !(value is any CustomReflectable) else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .struct else { return nil }
    var declared: [(name: String, offset: Int, type: Any.Type)] = []
    let described = _forEachField(of: type(of: value)) { name, offset, type, _ in
      declared.append((String(cString: name), offset, type))
      return true
    }
    let samples = Array(mirror.children)
    guard described, declared.count == samples.count else { return nil }
    var fields: [Field] = []
    for (field, sample) in zip(declared, samples) {
      // A loader is made from the sample, so the sample's type must be the field's declared type: not so for
      // an existential (it holds another type) or a subclass instance in a class field. A class field whose
      // sample is of its own class is fine: a later subclass instance loads as the same reference.
      guard field.name == sample.label, type(of: sample.value) == field.type else { return nil }
      // Observation's bookkeeping is hidden by the `Mirror` path, which handles it with classes.
      guard !field.name.hasPrefix("_$") else { return nil }
      let label = displayedLabel(field.name, sample: sample.value)
      fields.append(Field(label: label, offset: field.offset, loader: loader(for: sample.value)))
    }
    return StructLayout(fields: fields)
  }

  /// The storage of a `lazy var`, shown under the property's own name.
  static let lazyPrefix = "$__lazy_storage_$_"

  /// A field's name as the log shows it: a `lazy var`'s and a `@Redacted var`'s storage under the property's
  /// own name.
  private static func displayedLabel(_ name: String, sample: Any) -> String {
    if name.hasPrefix(lazyPrefix) { return String(name.dropFirst(lazyPrefix.count)) }
    if name.hasPrefix("_"), sample is any RedactedStorage { return String(name.dropFirst()) }
    return name
  }

  private static func loader<Value>(for _: Value) -> any FieldLoader.Type {
    TypedFieldLoader<Value>.self
  }
}

/// Loads a field of one type from its address, as `Any`.
protocol FieldLoader: SendableMetatype {
  static func load(from address: UnsafeRawPointer) -> Any
}

private enum TypedFieldLoader<Value>: FieldLoader {
  static func load(from address: UnsafeRawPointer) -> Any {
    address.load(as: Value.self)
  }
}
