// A stand-in for UIKit with the declarations Examples/ChatScreen/DraftViewController.swift uses, spelled as
// UIKit's interface declares them (main-actor classes, an action handler isolated to the main actor), so
// that .ci/check-apple-only.sh can check that file on Linux. The bodies never run.
@_exported import Foundation  // as UIKit does: NSCoder, Bundle

/// The handler of an action.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// An object that responds to events.
@MainActor @preconcurrency
open class UIResponder {
  public init() {}
}

/// A rectangle on screen.
@MainActor @preconcurrency
open class UIView: UIResponder {
  public override init() {}
  open func addSubview(_ view: UIView) {}
}

/// A view that sends actions when the user interacts with it.
@MainActor @preconcurrency
open class UIControl: UIView {
  /// The kinds of event a control sends.
  public struct Event: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let editingChanged = Event(rawValue: 1 << 17)
  }

  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

/// An editable line of text.
@MainActor @preconcurrency
open class UITextField: UIControl {
  open var text: String?
}

/// A line of text.
@MainActor @preconcurrency
open class UILabel: UIView {
  open var text: String?
}

/// An action a control or a menu runs.
@MainActor @preconcurrency
open class UIAction {
  public init(title: String = "", handler: @escaping UIActionHandler) {}
}

/// Manages a view and its subviews.
@MainActor @preconcurrency
open class UIViewController: UIResponder {
  open var view: UIView! = UIView()

  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  public required init?(coder: NSCoder) {}

  open func viewDidLoad() {}
}
