import RingGraphics

/// One option a command accepts: `--name value`, `--name=value`, `-s value`, or a flag.
package struct OptionSpec {
  package let name: String
  package let short: Character?
  /// The value's placeholder in help (`<seconds>`); `nil` for a flag.
  package let valueName: String?
  package let help: String
  /// The default shown in help, if any.
  package let defaultDescription: String?
  /// A flag that also accepts `--no-<name>`, which turns it off (help shows `--[no-]<name>`).
  package let isInvertible: Bool
  /// What a shell completes for the value; `nil` offers nothing (a number, a colour).
  package let completion: ValueCompletion?

  package init(
    _ name: String, short: Character? = nil, value: String? = nil, help: String,
    default defaultDescription: String? = nil, invertible: Bool = false,
    completion: ValueCompletion? = nil
  ) {
    precondition(!invertible || value == nil, "only a flag can be inverted")
    precondition(completion == nil || value != nil, "only an option with a value completes one")
    self.name = name
    self.short = short
    self.valueName = value
    self.help = help
    self.defaultDescription = defaultDescription
    self.isInvertible = invertible
    self.completion = completion
  }

  /// The long spellings the parser accepts: `--name`, and `--no-name` when invertible.
  package var longNames: [String] {
    isInvertible ? ["--\(name)", "--no-\(name)"] : ["--\(name)"]
  }

  package var isFlag: Bool { valueName == nil }

  /// `-o, --output <file>` (or `--[no-]quiet`) as help shows it.
  package var synopsis: String {
    var s = short.map { "-\($0), " } ?? ""
    s += isInvertible ? "--[no-]\(name)" : "--\(name)"
    if let valueName { s += " <\(valueName)>" }
    return s
  }
}

extension OptionSpec {
  /// The options every command ends with: `--version` and `--help`.
  package static let informational = [
    OptionSpec("version", help: "Show the version."),
    OptionSpec("help", short: "h", help: "Show help information."),
  ]
}

/// What a subcommand's arguments ask for: its help, the version, or a checked plan.
package enum Request<Plan> {
  case help
  case version
  case run(Plan)

  /// The plan, when the arguments ask to run.
  package var plan: Plan? {
    if case .run(let plan) = self { return plan }
    return nil
  }
}

/// What a command line's options came to, computed once for all its copies (a ring file is
/// read once, so a pipe, `--config <(...)`, can be): one value of each type.
package final class ArgumentMemo {
  private var values: [ObjectIdentifier: Any] = [:]

  /// The value of type `T` computed for these arguments, if any.
  package subscript<T>(_ type: T.Type) -> T? {
    get { values[ObjectIdentifier(type)] as? T }
    set { values[ObjectIdentifier(type)] = newValue }
  }
}

/// The options found on a command line, by long name.
package struct ParsedArguments {
  /// Shared by the copies of these arguments.
  package let memo = ArgumentMemo()
  package private(set) var values: [String: String] = [:]
  package private(set) var flags: Set<String> = []
  /// Invertible flags whose last spelling was `--no-<flag>`.
  package private(set) var negatedFlags: Set<String> = []
  package private(set) var positionals: [String] = []

  package func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }
  package subscript(name: String) -> String? { values[name] }
  /// An invertible flag as the command line left it: `true` for `--<flag>`, `false` for
  /// `--no-<flag>` (the last one wins), `nil` when neither was given.
  package func flag(_ name: String) -> Bool? {
    flags.contains(name) ? true : negatedFlags.contains(name) ? false : nil
  }

  /// Parses `arguments` against `specs`; `--help`/`-h` and `--version` are recognised as flags
  /// wherever they appear. Unknown options and an option with a value given twice are usage
  /// errors. A flag may be repeated, and a flag declared invertible also takes
  /// `--no-<flag>`: the last of `--<flag>` and `--no-<flag>` wins (swift-argument-parser's
  /// `.chooseLast`). `--no-limits` is a plain flag (its name already says "no"), so
  /// `--no-no-limits` is unknown.
  package static func parse(
    _ arguments: [String], specs: [OptionSpec], allowsPositionals: Bool = false
  )
    throws(RingError) -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var i = 0
    var onlyPositionals = false
    func spec(long: String) -> OptionSpec? { specs.first { $0.name == long } }
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
        guard allowsPositionals else { throw RingError.usage("Unexpected argument '\(arg)'.") }
        parsed.positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      var name: String
      var inlineValue: String?
      var on = true
      if arg.hasPrefix("--") {
        let body = arg.dropFirst(2)
        if let eq = body.firstIndex(of: "=") {
          name = String(body[..<eq])
          inlineValue = String(body[body.index(after: eq)...])
        } else {
          name = String(body)
        }
        if spec(long: name) == nil, name.hasPrefix("no-"),
          let s = spec(long: String(name.dropFirst(3))), s.isInvertible
        {
          if inlineValue != nil {
            throw RingError.usage("The flag '--\(name)' does not take a value.")
          }
          name = s.name
          on = false
        }
      } else {
        let letters = Array(arg.dropFirst())
        guard letters.count >= 1, let s = specs.first(where: { $0.short == letters[0] }) else {
          throw RingError.usage("Unknown option '\(arg)'." + suggestion(arg, specs: specs))
        }
        name = s.name
        if letters.count > 1 { inlineValue = String(letters.dropFirst()) }
      }
      guard let s = spec(long: name) else {
        throw RingError.usage("Unknown option '--\(name)'." + suggestion("--" + name, specs: specs))
      }
      if s.isFlag {
        if inlineValue != nil {
          throw RingError.usage("The flag '--\(name)' does not take a value.")
        }
        if on {
          parsed.flags.insert(s.name)
          parsed.negatedFlags.remove(s.name)
        } else {
          parsed.flags.remove(s.name)
          parsed.negatedFlags.insert(s.name)
        }
        continue
      }
      if parsed.values[s.name] != nil {
        throw RingError.usage("The option '--\(s.name)' was given more than once.")
      }
      if let inlineValue {
        parsed.values[s.name] = inlineValue
      } else {
        guard i < arguments.count, isValue(arguments[i], specs: specs) else {
          throw RingError.usage("Missing value for '\(s.synopsis)'.")
        }
        parsed.values[s.name] = arguments[i]
        i += 1
      }
    }
    return parsed
  }

  /// ` Did you mean '--background'?` when one of `specs` is close to `typed`, else "".
  package static func suggestion(_ typed: String, specs: [OptionSpec]) -> String {
    guard typed.hasPrefix("--"),
      let near = Suggestion.nearest(to: typed, among: specs.flatMap(\.longNames))
    else { return "" }
    return " Did you mean '\(near)'?"
  }

  /// `--help` (which wins) or `--version`, when either is given.
  package func informational<Plan>() -> Request<Plan>? {
    if has("help") { return .help }
    if has("version") { return .version }
    return nil
  }

  /// Whether `argument`, following an option that takes a value, is that value: anything
  /// but a long option (`--x`) or one of this command's short options (`-o`). So `-4.55`,
  /// `-1,2`, `-` and `-inf` are values (the option's own check then judges them).
  package static func isValue(_ argument: String, specs: [OptionSpec]) -> Bool {
    guard argument.hasPrefix("-"), let next = argument.dropFirst().first else { return true }
    return next != "-" && !specs.contains { $0.short == next }
  }
}
