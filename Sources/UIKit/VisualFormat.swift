import Foundation

extension NSLayoutConstraint {
  /// Options of the visual format: alignments of every view named, across the format's
  /// axis (each view's edge equal to the one before it), and the direction of a
  /// horizontal format (leading to trailing unless set).
  public struct FormatOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
    public static let directionLeadingToTrailing: FormatOptions = []
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
  }

  /// The constraints a visual format string describes (`"H:|-[title]-8-[icon(24)]-|"`), as
  /// Auto Layout's Visual Format Language defines it: an orientation, the superview's
  /// edges (`|`), views by name (`[name]`, with size predicates in parentheses), and
  /// connections between them (`-` the standard spacing: 8 points between views, 20 to
  /// the superview; `-n-`; `-(>=n@p)-`; or none, touching). Metrics name numbers. A format
  /// it cannot read is reported on standard error and makes no constraints (iOS raises).
  public static func constraints(
    withVisualFormat format: String, options opts: FormatOptions = [],
    metrics: [String: Any]?, views: [String: Any]
  ) -> [NSLayoutConstraint] {
    do {
      var parser = VisualFormat(format, metrics: metrics ?? [:], views: views)
      return try parser.parse(aligning: opts)
    } catch {
      Notice.once("vfl \(format)", "cannot read the visual format '\(format)': \(error)")
      return []
    }
  }
}

/// A reader of Auto Layout's Visual Format Language.
@MainActor struct VisualFormat {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// One relation of a predicate: `>=20@750`, `==other`.
  struct Predicate {
    var relation = NSLayoutConstraint.Relation.equal
    var constant: CGFloat = 0
    var view: UIView?
    var priority = UILayoutPriority.required
  }

  let text: [Character]
  var at = 0
  let metrics: [String: Any]
  let views: [String: Any]
  var made: [NSLayoutConstraint] = []

  init(_ format: String, metrics: [String: Any], views: [String: Any]) {
    text = Array(format.filter { !$0.isWhitespace })
    self.metrics = metrics
    self.views = views
  }

  /// The standard spacing to a superview's edge, in points (between views it is the
  /// system spacing, 8).
  nonisolated static let superviewSpacing: CGFloat = 20

  /// What joins two things in a format: nothing (they touch), a lone `-` (the standard
  /// spacing), or predicates between dashes.
  enum Connection {
    case touching, standard
    case explicit([Predicate])

    /// Whether it was written with a dash (it must lead somewhere).
    var hasDash: Bool {
      if case .touching = self { false } else { true }
    }

    /// The predicates of the connection, `edge` when it runs to the superview's edge.
    func predicates(edge: Bool) -> [Predicate] {
      switch self {
      case .touching: [Predicate()]
      case .standard: [Predicate(constant: edge ? VisualFormat.superviewSpacing : systemSpacing)]
      case .explicit(let list): list
      }
    }
  }

  /// The attributes the alignment options name, each with whether it suits a vertical
  /// format: a vertical format's views align by their left, right or centre x, a
  /// horizontal one's by their top, bottom, centre y or baselines.
  static let alignments: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute, Bool)] =
    [
      (.alignAllLeft, .left, true), (.alignAllRight, .right, true),
      (.alignAllLeading, .leading, true), (.alignAllTrailing, .trailing, true),
      (.alignAllCenterX, .centerX, true), (.alignAllTop, .top, false),
      (.alignAllBottom, .bottom, false), (.alignAllCenterY, .centerY, false),
      (.alignAllFirstBaseline, .firstBaseline, false),
      (.alignAllLastBaseline, .lastBaseline, false),
    ]

  mutating func parse(aligning options: NSLayoutConstraint.FormatOptions = [])
    throws -> [NSLayoutConstraint]
  {
    var vertical = false
    if text.starts(with: Array("V:")) {
      vertical = true
      at = 2
    } else if text.starts(with: Array("H:")) {
      at = 2
    }
    // A horizontal format runs leading to trailing, or left to right, or right to left (the
    // first view rightmost: each spacing then runs from the later view to the earlier).
    let direction = options.intersection([.directionLeftToRight, .directionRightToLeft])
    let reversed = !vertical && direction == .directionRightToLeft
    let (lead, trail): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
      vertical
      ? (.top, .bottom)
      : direction == .directionLeftToRight
        ? (.left, .right) : reversed ? (.right, .left) : (.leading, .trailing)
    /// `later.a relation earlier.b + constant` (the reverse, for right to left).
    func spacing(
      _ later: AnyObject, _ a: NSLayoutConstraint.Attribute, after earlier: AnyObject,
      _ b: NSLayoutConstraint.Attribute, _ p: Predicate
    ) -> NSLayoutConstraint {
      let (first, second) = reversed ? ((earlier, b), (later, a)) : ((later, a), (earlier, b))
      let c = NSLayoutConstraint(
        item: first.0, attribute: first.1, relatedBy: p.relation, toItem: second.0,
        attribute: second.1, multiplier: 1, constant: p.constant)
      c.priority = p.priority
      return c
    }
    let size: NSLayoutConstraint.Attribute = vertical ? .height : .width
    var named: [UIView] = []
    var startsAtSuperview = false
    if peek("|") {
      at += 1
      startsAtSuperview = true
    }
    var pending: Connection? = startsAtSuperview ? try connection() : nil
    while peek("[") {
      at += 1
      let name = identifier()
      guard let view = views[name] as? UIView else {
        throw Failure(description: "no view named '\(name)'")
      }
      if peek("(") {
        at += 1
        for p in try predicates(until: ")") {
          let c = NSLayoutConstraint(
            item: view, attribute: size, relatedBy: p.relation, toItem: p.view,
            attribute: p.view == nil ? .notAnAttribute : size, multiplier: 1,
            constant: p.constant)
          c.priority = p.priority
          made.append(c)
        }
      }
      try expect("]")
      if let gap = pending {
        for p in gap.predicates(edge: named.isEmpty) {
          // From the superview's leading edge, or from the previous view's trailing one.
          if let previous = named.last {
            made.append(spacing(view, lead, after: previous, trail, p))
          } else {
            made.append(spacing(view, lead, after: try superview(view), lead, p))
          }
        }
      }
      named.append(view)
      pending = try connection()
    }
    if peek("|"), let last = named.last {
      at += 1
      // The last connection runs to the superview's edge.
      for p in (pending ?? .touching).predicates(edge: true) {
        // superview.trailing relation view.trailing + constant.
        made.append(spacing(try superview(last), trail, after: last, trail, p))
      }
    } else if pending?.hasDash == true {
      throw Failure(description: "a connection leads to nothing")
    }
    guard at == text.count else {
      throw Failure(description: "unexpected '\(text[at])' at \(at)")
    }
    guard !named.isEmpty else { throw Failure(description: "no view") }
    for (option, attribute, suitsVertical) in Self.alignments where options.contains(option) {
      guard suitsVertical == vertical else {
        throw Failure(description: "\(attribute) alignment along the format's own axis")
      }
      for (before, view) in zip(named, named.dropFirst()) {
        made.append(
          NSLayoutConstraint(
            item: view, attribute: attribute, relatedBy: .equal, toItem: before,
            attribute: attribute, multiplier: 1, constant: 0))
      }
    }
    return made
  }

  /// The connection after a view or an edge.
  private mutating func connection() throws -> Connection {
    guard peek("-") else { return .touching }
    at += 1
    if peek("[") || peek("|") || at == text.count { return .standard }
    let list: [Predicate]
    if peek("(") {
      at += 1
      list = try predicates(until: ")")
    } else {
      list = [try predicate()]
    }
    try expect("-")
    return .explicit(list)
  }

  private mutating func predicates(until end: Character) throws -> [Predicate] {
    var list = [try predicate()]
    while peek(",") {
      at += 1
      list.append(try predicate())
    }
    try expect(end)
    return list
  }

  private mutating func predicate() throws -> Predicate {
    var p = Predicate()
    for (token, relation) in [
      ("==", NSLayoutConstraint.Relation.equal), (">=", .greaterThanOrEqual),
      ("<=", .lessThanOrEqual),
    ] where text[at...].starts(with: Array(token)) {
      p.relation = relation
      at += 2
      break
    }
    if let n = number() {
      p.constant = n
    } else {
      let name = identifier()
      if let m = metrics[name] {
        p.constant = try Self.number(m, name)
      } else if let v = views[name] as? UIView {
        p.view = v
      } else {
        throw Failure(description: "'\(name)' is neither a metric nor a view")
      }
    }
    if peek("@") {
      at += 1
      if let n = number() {
        p.priority = UILayoutPriority(Float(n))
      } else {
        let name = identifier()
        guard let m = metrics[name] else { throw Failure(description: "no metric '\(name)'") }
        p.priority = UILayoutPriority(Float(try Self.number(m, name)))
      }
    }
    return p
  }

  private static func number(_ value: Any, _ name: String) throws -> CGFloat {
    switch value {
    case let v as CGFloat: return v
    case let v as Double: return CGFloat(v)
    case let v as Float: return CGFloat(v)
    case let v as Int: return CGFloat(v)
    case let v as NSNumber: return CGFloat(v.doubleValue)
    default: throw Failure(description: "metric '\(name)' is not a number")
    }
  }

  private func superview(_ view: UIView) throws -> UIView {
    guard let s = view.superview else {
      throw Failure(description: "a view next to '|' has no superview")
    }
    return s
  }

  private func peek(_ c: Character) -> Bool { at < text.count && text[at] == c }

  private mutating func expect(_ c: Character) throws {
    guard peek(c) else {
      throw Failure(description: "expected '\(c)' at \(at)")
    }
    at += 1
  }

  private mutating func identifier() -> String {
    var s = ""
    while at < text.count, text[at].isLetter || text[at].isNumber || text[at] == "_" {
      s.append(text[at])
      at += 1
    }
    return s
  }

  private mutating func number() -> CGFloat? {
    var s = ""
    if at < text.count, text[at] == "-" || text[at] == "+" {
      // A sign only before a digit (a dash is otherwise a connection).
      guard at + 1 < text.count, text[at + 1].isNumber else { return nil }
    }
    while at < text.count,
      text[at].isNumber || text[at] == "." || (s.isEmpty && (text[at] == "-" || text[at] == "+"))
    {
      s.append(text[at])
      at += 1
    }
    return s.isEmpty ? nil : Double(s).map { CGFloat($0) }
  }
}
