/// A linear constraint solver in the Cassowary family (Badros, Borning and Stuckey's
/// incremental simplex, as Auto Layout uses): required constraints hold exactly, the others
/// are met as far as their weights allow, the heavier first. Choices are made in a fixed
/// order (by symbol number), so one set of constraints always gives one layout.
struct ConstraintSolver {
  /// A variable of the layout: a number the solver chooses.
  struct Variable: Hashable {
    let id: Int
  }

  /// `terms · variables + constant`.
  struct Expression {
    var terms: [(Variable, Double)] = []
    var constant: Double = 0

    init(_ constant: Double = 0) { self.constant = constant }
    init(_ v: Variable, _ coefficient: Double = 1) { terms = [(v, coefficient)] }

    static func + (a: Expression, b: Expression) -> Expression {
      var e = a
      e.terms += b.terms
      e.constant += b.constant
      return e
    }
    static func * (a: Expression, k: Double) -> Expression {
      var e = a
      e.terms = e.terms.map { ($0.0, $0.1 * k) }
      e.constant *= k
      return e
    }
    static func - (a: Expression, b: Expression) -> Expression { a + b * -1 }
  }

  enum Relation { case lessOrEqual, equal, greaterOrEqual }

  /// Why a constraint was not added: a required one conflicts with those already there.
  struct Unsatisfiable: Error {}

  private enum Kind { case external, slack, error, dummy }
  private typealias Symbol = Int

  /// `constant + Σ cells`: a basic symbol's value in terms of the parameters.
  private struct Row {
    var constant: Double
    var cells: [Symbol: Double] = [:]

    init(_ constant: Double) { self.constant = constant }

    mutating func insert(_ s: Symbol, _ c: Double) {
      let v = (cells[s] ?? 0) + c
      if abs(v) < ConstraintSolver.epsilon { cells[s] = nil } else { cells[s] = v }
    }
    mutating func insert(_ row: Row, _ c: Double) {
      constant += row.constant * c
      for (s, v) in row.cells { insert(s, v * c) }
    }
    mutating func reverseSign() {
      constant = -constant
      for s in cells.keys { cells[s]! = -cells[s]! }
    }
    /// Solves `0 = self` for `s`: the row becomes `s`'s value.
    mutating func solve(for s: Symbol) {
      let c = -1 / cells[s]!
      cells[s] = nil
      constant *= c
      for k in cells.keys { cells[k]! *= c }
    }
    /// `lhs = self` solved for `rhs`.
    mutating func solve(_ lhs: Symbol, for rhs: Symbol) {
      insert(lhs, -1)
      solve(for: rhs)
    }
    func coefficient(_ s: Symbol) -> Double { cells[s] ?? 0 }
    mutating func substitute(_ s: Symbol, _ row: Row) {
      if let c = cells.removeValue(forKey: s) { insert(row, c) }
    }
    /// The symbols in a fixed order.
    var symbols: [Symbol] { cells.keys.sorted() }
  }

  static let epsilon = 1e-8

  private var kinds: [Kind] = []
  private var variables: [Variable: Symbol] = [:]
  private var rows: [Symbol: Row] = [:]
  private var objective = Row(0)
  private var artificial: Row?

  private mutating func symbol(_ kind: Kind) -> Symbol {
    kinds.append(kind)
    return kinds.count - 1
  }

  /// A new variable.
  mutating func variable() -> Variable {
    let v = Variable(id: variables.count)
    variables[v] = symbol(.external)
    return v
  }

  /// The variable's value in the current solution.
  func value(_ v: Variable) -> Double {
    variables[v].flatMap { rows[$0]?.constant } ?? 0
  }

  /// Adds `expression relation 0`, required when `weight` is nil, else with that weight
  /// (its error counts `weight` times in what is minimised).
  mutating func add(_ expression: Expression, _ relation: Relation, weight: Double?) throws {
    var row = Row(expression.constant)
    for (v, c) in expression.terms where abs(c) >= Self.epsilon {
      let s = variables[v]!
      if let basic = rows[s] { row.insert(basic, c) } else { row.insert(s, c) }
    }
    var marker: Symbol
    var other: Symbol?
    switch relation {
    case .lessOrEqual, .greaterOrEqual:
      let c: Double = relation == .lessOrEqual ? 1 : -1
      marker = symbol(.slack)
      row.insert(marker, c)
      if let weight {
        let e = symbol(.error)
        other = e
        row.insert(e, -c)
        objective.insert(e, weight)
      }
    case .equal:
      if let weight {
        let plus = symbol(.error)
        let minus = symbol(.error)
        marker = plus
        other = minus
        row.insert(plus, -1)
        row.insert(minus, 1)
        objective.insert(plus, weight)
        objective.insert(minus, weight)
      } else {
        marker = symbol(.dummy)
        row.insert(marker, 1)
      }
    }
    if row.constant < 0 { row.reverseSign() }
    var subject = chooseSubject(row, marker, other)
    if subject == nil && row.cells.keys.allSatisfy({ kinds[$0] == .dummy }) {
      guard abs(row.constant) < Self.epsilon else { throw Unsatisfiable() }
      subject = marker
    }
    if let subject {
      row.solve(for: subject)
      substitute(subject, row)
      rows[subject] = row
    } else if !addWithArtificialVariable(row) {
      throw Unsatisfiable()
    }
    optimize(objective: true)
  }

  private func chooseSubject(_ row: Row, _ marker: Symbol, _ other: Symbol?) -> Symbol? {
    for s in row.symbols where kinds[s] == .external { return s }
    for s in [marker] + (other.map { [$0] } ?? [])
    where (kinds[s] == .slack || kinds[s] == .error) && row.coefficient(s) < 0 {
      return s
    }
    return nil
  }

  private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
    let art = symbol(.slack)
    rows[art] = row
    artificial = row
    optimize(objective: false)
    let success = abs(artificial!.constant) < Self.epsilon
    artificial = nil
    if var r = rows.removeValue(forKey: art) {
      if r.cells.isEmpty { return success }
      guard let entering = r.symbols.first(where: { [.slack, .error].contains(kinds[$0]) })
      else { return false }
      r.solve(art, for: entering)
      substitute(entering, r)
      rows[entering] = r
    }
    for k in rows.keys { rows[k]!.cells[art] = nil }
    objective.cells[art] = nil
    return success
  }

  private mutating func substitute(_ s: Symbol, _ row: Row) {
    for k in rows.keys { rows[k]!.substitute(s, row) }
    objective.substitute(s, row)
    artificial?.substitute(s, row)
  }

  /// Pivots until the objective (or the artificial row) can fall no further.
  private mutating func optimize(objective useObjective: Bool) {
    while true {
      let goal = useObjective ? objective : artificial!
      guard
        let entering = goal.symbols.first(where: {
          kinds[$0] != .dummy && goal.coefficient($0) < 0
        })
      else { return }
      var ratio = Double.greatestFiniteMagnitude
      var leaving: Symbol?
      for s in rows.keys.sorted() where kinds[s] != .external {
        let c = rows[s]!.coefficient(entering)
        if c < 0 {
          let r = -rows[s]!.constant / c
          if r < ratio {
            ratio = r
            leaving = s
          }
        }
      }
      // An objective unbounded below cannot arise from errors weighted positively.
      guard let leaving else { return }
      var row = rows.removeValue(forKey: leaving)!
      row.solve(leaving, for: entering)
      substitute(entering, row)
      rows[entering] = row
    }
  }
}
