import Foundation
import RingSystem

/// What the tmux a player runs in says about drawing through it: whether it passes 24-bit
/// colour on and whether it lets escape sequences through to the outer terminal.
///
/// tmux keeps 24-bit colours in its cells and converts them for each attached terminal that
/// lacks the `RGB` feature (which `Tc` in `terminal-overrides` or `RGB` in
/// `terminal-features` turns on, shown in `client_termfeatures`). tmux 3.3 answers neither
/// XTGETTCAP nor a query of its features from inside a pane, so the player asks the tmux
/// command.
public struct TmuxInfo: Hashable, Sendable {
  /// True when any terminal attached to this pane's session has the `RGB` feature, or when
  /// none is attached (tmux converts for whichever attaches later).
  public var passesTruecolor: Bool
  /// `allow-passthrough` is on: `ESC P tmux; ... ESC \` reaches the outer terminal.
  public var allowsPassthrough: Bool

  public init(passesTruecolor: Bool, allowsPassthrough: Bool) {
    self.passesTruecolor = passesTruecolor
    self.allowsPassthrough = allowsPassthrough
  }

  /// The arguments to `tmux` whose output `init(reply:)` reads: the pane's
  /// `allow-passthrough`, then one `client <features>` line per client of its session.
  static func arguments(pane: String?) -> [String] {
    let target = pane.map { ["-t", $0] } ?? []
    return ["display-message", "-p"] + target + ["#{allow-passthrough}", ";", "list-clients"]
      + target + ["-F", "client #{client_termfeatures}"]
  }

  /// Reads the output of `tmux` run with `arguments(pane:)`.
  public init(reply: String) {
    let lines = reply.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let passthrough = lines.first ?? ""
    allowsPassthrough = ["1", "on", "all"].contains(passthrough)
    let clients = lines.filter { $0.hasPrefix("client") }.map {
      $0.dropFirst("client".count).split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    passesTruecolor = clients.isEmpty || clients.contains { $0.contains("RGB") }
  }

  /// Asks the tmux named by `environment`'s TMUX about the pane in TMUX_PANE; `nil` outside
  /// tmux or when the `tmux` command cannot be run or fails.
  public static func ask(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> TmuxInfo?
  {
    guard let socket = environment["TMUX"], !socket.isEmpty else { return nil }
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    guard
      let tmux = path.split(separator: ":").map({ String($0) + "/tmux" }).first(where: {
        (candidate: String) in access(candidate, X_OK) == 0
      })
    else { return nil }
    // The server is the one in TMUX ("socket,pid,session"), whatever this process inherits.
    let socketPath = String(socket.split(separator: ",").first ?? "")
    let server = socketPath.isEmpty ? [] : ["-S", socketPath]
    guard
      let child = try? ChildProcess(
        executable: tmux, arguments: server + arguments(pane: environment["TMUX_PANE"]),
        feedsInput: false)
    else { return nil }
    let status = child.wait()
    guard status.exited, status.code == 0 else { return nil }
    return TmuxInfo(reply: child.outputText)
  }
}
