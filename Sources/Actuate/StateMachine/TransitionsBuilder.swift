/// Collects the rows of a ``TransitionTable`` written one per line.
@resultBuilder
public enum TransitionsBuilder<I: Interactor, Phase: Sendable> {
  /// A row.
  public static func buildExpression(_ row: Move<I, Phase>) -> [Move<I, Phase>] { [row] }
  /// Rows in order.
  public static func buildBlock(_ rows: [Move<I, Phase>]...) -> [Move<I, Phase>] { rows.flatMap { $0 } }
  /// Rows under an `if`.
  public static func buildOptional(_ rows: [Move<I, Phase>]?) -> [Move<I, Phase>] { rows ?? [] }
  /// Rows of an `if`'s first branch.
  public static func buildEither(first rows: [Move<I, Phase>]) -> [Move<I, Phase>] { rows }
  /// Rows of an `if`'s second branch.
  public static func buildEither(second rows: [Move<I, Phase>]) -> [Move<I, Phase>] { rows }
  /// Rows made in a `for` loop.
  public static func buildArray(_ rows: [[Move<I, Phase>]]) -> [Move<I, Phase>] { rows.flatMap { $0 } }
}
