import Testing

@testable import Actuate

private class Animal {
  var name: String
  init(name: String) { self.name = name }
}

private final class Dog: Animal {
  var tricks = 2
}

private struct Pen {
  var animal: Animal
}

private struct Envelope {
  var payload: Any
  var note = "keep"
}

private struct Box<Content> {
  var content: Content
  var count = 1
}

private struct Lazy {
  var seed = 1
  lazy var doubled = seed * 2
}

@propertyWrapper
private struct Clamped {
  var wrappedValue: Int {
    didSet { wrappedValue = min(wrappedValue, 10) }
  }
}

private struct Wrapped {
  @Clamped var level = 1
}

private struct Empty: CustomStringConvertible {
  var description: String { "Empty!" }
}

/// Structs are read through a layout learnt once per type (`StructLayout`): these check that it prints
/// exactly what the `Mirror` printed, including where it must hand over to the `Mirror`.
@Suite("Diffing structs through their layout")
struct StructLayoutTests {
  @Test func aClassFieldFilledByASubclassShowsTheSubclassFields() {
    let first = Pen(animal: Animal(name: "cat"))
    #expect(DebugLog.dump(first) == "Pen(\n  animal: Animal(\n    name: \"cat\"\n  )\n)")
    let later = Pen(animal: Dog(name: "rex"))
    #expect(DebugLog.dump(later) == "Pen(\n  animal: Dog(\n    name: \"rex\",\n    tricks: 2\n  )\n)")
  }

  @Test func anExistentialFieldShowsItsValueWhateverItsType() {
    let diff = DebugLog.diff(Envelope(payload: 1), Envelope(payload: "one"))
    #expect(diff == "  Envelope(\n-   payload: 1,\n+   payload: \"one\",\n    note: \"keep\"\n  )")
  }

  @Test func aGenericStructIsLaidOutPerSpecialization() {
    #expect(
      DebugLog.diff(Box(content: 1), Box(content: 2))
        == "  Box<Int>(\n-   content: 1,\n+   content: 2,\n    count: 1\n  )")
    #expect(
      DebugLog.diff(Box(content: ["a"]), Box(content: ["a", "b"]))
        == "  Box<Array<String>>(\n    content: [\n      … (1 unchanged),\n+     \"b\"\n    ],\n    count: 1\n  )")
  }

  @Test func aLazyPropertyIsShownUnderItsOwnName() {
    var touched = Lazy()
    _ = touched.doubled
    #expect(DebugLog.dump(Lazy()) == "Lazy(\n  seed: 1,\n  doubled: nil\n)")
    #expect(DebugLog.dump(touched) == "Lazy(\n  seed: 1,\n  doubled: 2\n)")
  }

  @Test func aWrappedPropertyShowsItsStorage() {
    var raised = Wrapped()
    raised.level = 40
    #expect(
      DebugLog.diff(Wrapped(), raised)
        == "  Wrapped(\n    _level: Clamped(\n-     wrappedValue: 1\n+     wrappedValue: 10\n    )\n  )")
  }

  @Test func aStructWithoutFieldsPrintsItsDescription() {
    #expect(DebugLog.dump(Empty()) == "Empty!")
  }

  @Test func manyThreadsLearnTheSameLayoutsAtOnce() async {
    await withTaskGroup(of: String?.self) { group in
      for index in 0..<8 {
        group.addTask { DebugLog.diff(Box(content: index), Box(content: index + 1)) }
      }
      for await diff in group { #expect(diff?.contains("content") == true) }
    }
  }
}
