// The part of the SwiftUI stand-in that Examples/ChatScreen/RoomView.swift uses: the `View` protocol, its
// result builder, and the views the room is made of, spelled as SwiftUI's interface declares them. `View` is
// main-actor isolated (iOS 18 SDK and later), which is what lets a body read a `StoreModel`.

/// A piece of user interface.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Builds a view from the statements of a closure or a `body`.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@resultBuilder
public struct ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
  {
    TupleView((repeat each content))
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

/// No view.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct EmptyView: View {
  @inlinable nonisolated public init() {}
  public typealias Body = Never
}

/// Several views, as a builder makes them from several statements.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct TupleView<T>: View {
  @inlinable nonisolated public init(_ value: T) {}
  public typealias Body = Never
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
extension Optional: View where Wrapped: View {
  public typealias Body = Never
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
extension View where Body == Never {
  public var body: Never { fatalError() }
}

/// Views in a column.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct VStack<Content: View>: View {
  @inlinable public init(@ViewBuilder content: () -> Content) {}
  public typealias Body = Never
}

/// Views in a row.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct HStack<Content: View>: View {
  @inlinable public init(@ViewBuilder content: () -> Content) {}
  public typealias Body = Never
}

/// A scrolling list of rows, one per element of `data`.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
public struct List<SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
extension List where SelectionValue == Never {
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

/// Views made from the elements of a collection.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  public typealias Body = Never
}

/// Text that does not change by itself.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct Text: View, Equatable, Sendable {
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ content: S) {}
  public typealias Body = Never
}

/// A field that edits a string through a binding.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
public struct TextField<Label: View>: View {
  public typealias Body = Never
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
extension TextField where Label == Text {
  @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

/// A control that runs an action when tapped.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
public struct Button<Label: View>: View {
  public typealias Body = Never
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
extension Button where Label == Text {
  @_disfavoredOverload @preconcurrency
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}
