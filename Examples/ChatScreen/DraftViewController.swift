#if canImport(UIKit)
import Actuate
import UIKit

/// The room's draft in UIKit: the field sends what is typed through a setter, and two observations keep
/// the field and the typing label in step with the state for as long as the controller holds their tokens.
@available(iOS 17, tvOS 17, *)
final class DraftViewController: UIViewController {
  let model: StoreModel<RoomInteractor>
  private let field = UITextField()
  private let typing = UILabel()
  private var tokens: [ObservationToken] = []

  init(model: StoreModel<RoomInteractor>) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let setDraft = model.setter { .draftChanged($0) }
    field.addAction(UIAction { [field] _ in setDraft(field.text ?? "") }, for: .editingChanged)
    tokens = [
      model.observe(\.draft) { [field] draft in
        if field.text != draft { field.text = draft }
      },
      model.observe(\.typing) { [typing] author in
        typing.text = author.map { "\($0) is typing…" }
      },
    ]
    view.addSubview(field)
    view.addSubview(typing)
  }
}
#endif
