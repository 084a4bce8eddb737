import RainbowRing
import RingCommandLine
import RingCommands
import RingLayers
import RingPlayers
import RingSystem

/// The running program: its delegate and windows.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
  public static let shared = UIApplication()

  /// Held strongly here (iOS holds it unowned, and keeps it alive itself).
  open var delegate: UIApplicationDelegate?
  public private(set) var keyWindow: UIWindow?
  /// The windows shown (and the key window), in the order they were first shown.
  public private(set) var windows: [UIWindow] = []
  /// What the players and snapshots draw: the shown windows' layers, lowest level first.
  private(set) var screen = Layer()
  open var isIdleTimerDisabled = false
  public internal(set) var applicationState: State = .inactive
  var pendingAppearance: [UIViewController] = []

  public enum State: Int, Sendable {
    case active, inactive, background
  }

  public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  public override init() { super.init() }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Forgets the windows and the clock (for tests, which launch several programs in one
  /// process).
  func reset() {
    keyWindow = nil
    windows = []
    screen = Layer()
    shownWindows = []
    pendingAppearance = []
    delegate = nil
    TouchDelivery.reset()
    Runtime.reset()
  }

  func setKeyWindow(_ window: UIWindow) {
    // The run loop's turns run on the main thread; taken as a plain function once, so a
    // frame's turn allocates nothing (`MainActor.assumeIsolated` boxes its closure per call).
    let turn: @MainActor () -> Void = { UIApplication.shared.turn() }
    Runtime.layout = unsafeBitCast(turn, to: (() -> Void).self)
    keyWindow = window
    show(window)
  }

  /// Counts `window` among the windows shown (it was made key, or unhidden).
  func show(_ window: UIWindow) {
    if !windows.contains(where: { $0 === window }) { windows.append(window) }
  }

  /// The windows on screen, lowest level first (at one level, in the order first shown):
  /// those not hidden, and the key window (as of the last `arrangeScreen()`).
  private(set) var shownWindows: [UIWindow] = []

  private func isShown(_ window: UIWindow) -> Bool { !window.isHidden || window === keyWindow }

  /// Puts the shown windows' layers on the screen in their order; forgets the windows that
  /// were hidden (shown again, they come back). Each turn, with nothing built when nothing
  /// changed.
  func arrangeScreen() {
    if windows.contains(where: { !isShown($0) }) { windows.removeAll { !isShown($0) } }
    guard !screenIsArranged() else { return }
    shownWindows = windows.enumerated()
      .sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }
      .map(\.element)
    for layer in screen.sublayers { layer.removeFromSuperlayer() }
    for window in shownWindows { screen.addSublayer(window.layer.backing) }
  }

  /// Whether the screen shows every window in `windows` (all shown now), by level, and
  /// nothing else.
  private func screenIsArranged() -> Bool {
    guard shownWindows.count == windows.count, screen.sublayers.count == windows.count else {
      return false
    }
    for (i, window) in shownWindows.enumerated() {
      guard screen.sublayers[i] === window.layer.backing,
        let index = windows.firstIndex(where: { $0 === window })
      else { return false }
      if i > 0 {
        let before = shownWindows[i - 1]
        let beforeIndex = windows.firstIndex { $0 === before } ?? 0
        guard (before.windowLevel, beforeIndex) < (window.windowLevel, index) else { return false }
      }
    }
    return true
  }

  /// The end of a run-loop turn: the shown windows lay out, controllers hear they appeared,
  /// the windows' layers count as committed.
  func turn() {
    arrangeScreen()
    for window in shownWindows { commit(window) }
    // After the commit, as on iOS: what they change animates.
    let appearing = pendingAppearance
    pendingAppearance = []
    for controller in appearing { controller.withChildren { $0.viewDidAppear(false) } }
    // What they added is committed in this turn too, as the run loop's transaction at the
    // end of the turn commits it on iOS: a layer added there animates a change made at
    // the next call, whether a snapshot jumps to that call or an export draws a frame first.
    if !appearing.isEmpty {
      for window in shownWindows { commit(window) }
    }
  }

  private func commit(_ window: UIWindow) {
    // What changes on other threads asked of the views' passes.
    ObservedChanges.apply()
    // The frame's pass: every view where its constraints put it, in any window or none.
    AutoLayout.solveIfNeeded()
    window.layoutIfNeeded()
    window.layer.forEachInTree { layer in
      if let view = layer.delegate as? UIView {
        // A view whose layer is in the tree while the view is not in the window's (its
        // layer used as a mask, or added by hand) is laid out through its layer, as Core
        // Animation's layout pass reaches it.
        if view.window == nil { view.layoutIfNeeded() }
      } else {
        layer.layoutIfNeeded()
      }
      // The program's own properties: a change redraws or animates, and an animation of
      // one of its numbers draws a presentation copy.
      layer.noticeCustomChanges()
      layer.commitCustomValues()
      layer.redrawPresentationIfDue()
      layer.redrawCustomAnimations()
      // Views' layers too: a view's drawing is its layer's display (its own class's
      // drawing, when it has one, as on iOS).
      layer.displayIfNeeded()
      layer.hasBeenCommitted = true
      layer.backing.commitModel()
    }
  }
}

public typealias UIApplicationLaunchOptionsKey = UIApplication.LaunchOptionsKey

/// Hears the application's life: launch (make the window there), activation, termination.
/// Every method is optional.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
  func applicationDidFinishLaunching(_ application: UIApplication)
  func applicationDidBecomeActive(_ application: UIApplication)
  func applicationWillResignActive(_ application: UIApplication)
  func applicationWillTerminate(_ application: UIApplication)
  func applicationDidReceiveMemoryWarning(_ application: UIApplication)
}

extension UIApplicationDelegate {
  public func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func applicationDidFinishLaunching(_ application: UIApplication) {}
  public func applicationDidBecomeActive(_ application: UIApplication) {}
  public func applicationWillResignActive(_ application: UIApplication) {}
  public func applicationWillTerminate(_ application: UIApplication) {}
  public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}

extension UIApplicationDelegate where Self: UIResponder {
  /// `@main` on the application delegate: runs the program (see `UIApplicationMain`).
  public static func main() {
    runApplication(CommandLine.argc, CommandLine.unsafeArgv) { Self.self }
  }
}

/// Runs the program and exits: makes the delegate (of the class named
/// `delegateClassName`, through its `init?(coder:)`), launches it, then shows its key
/// window in an X11 window or the terminal, or writes a snapshot, as the arguments ask
/// (`--help` lists them). Never returns.
@preconcurrency @MainActor @discardableResult
public func UIApplicationMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ principalClassName: String?, _ delegateClassName: String?
) -> Int32 {
  runApplication(argc, argv) {
    guard let name = delegateClassName else { return nil }
    guard let type = NSClassFromString(name) as? UIResponder.Type,
      type is UIApplicationDelegate.Type
    else {
      throw RingError(
        .cannotPlay, "no application delegate class named '\(name)' (a UIResponder subclass)")
    }
    return type
  }
}

/// Sets up the process, parses the arguments, launches the delegate `delegateType` gives
/// (made through its `init?(coder:)`), plays or snapshots its key window, and exits.
@MainActor
func runApplication(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  delegateType: () throws -> UIResponder.Type?
) -> Never {
  signal(SIGPIPE, SIG_IGN)
  signal(SIGXFSZ, SIG_IGN)
  Termination.install()
  let console = Console.standard()
  let name = argc > 0 ? URL(fileURLWithPath: String(cString: argv[0]!)).lastPathComponent : "app"
  var arguments: [String] = []
  for i in 1..<max(1, Int(argc)) {
    guard let text = String(validatingCString: argv[i]!) else {
      console.writeErr("Error: argument \(i) is not valid UTF-8.\n")
      exit(64)
    }
    arguments.append(text)
  }
  var launched: ProgramCommand.Launch?
  let status = ProgramCommand.run(
    arguments, name: name, console: console, streams: ProcessStreams.lent
  ) { task in
    launched = task
    return try launch(task, delegateType: try delegateType())
  }
  let app = UIApplication.shared
  if let task = launched, status == 0 {
    // After a PNG on standard output, what the program prints as it ends goes to standard
    // error too.
    let restore = task.picturesStandardOutput ? ProcessStreams.lent.divertOutput() : nil
    app.delegate?.applicationWillTerminate(app)
    restore?()
  }
  exit(status)
}

extension UIApplication {
  /// A new application delegate of `type`, made by its `init()` as iOS makes it.
  static func makeDelegate(_ type: UIResponder.Type) throws -> UIApplicationDelegate {
    guard let made = ClassInitializers.make(type) ?? type.init(coder: EmptyCoder()) else {
      throw RingError(.cannotPlay, "the application delegate's init?(coder:) returned nil")
    }
    guard let delegate = made as? UIApplicationDelegate else {
      throw RingError(
        .cannotPlay, "\(String(reflecting: type)) is not a UIApplicationDelegate")
    }
    return delegate
  }
}

/// Launches the application for `task` and returns its key window as a live tree.
@MainActor
private func launch(_ task: ProgramCommand.Launch, delegateType: UIResponder.Type?) throws
  -> any LiveLayerTree
{
  Runtime.screenScale = CGFloat(task.scale ?? 2)
  if let size = task.screenSize { Runtime.screenSize = CGSize(size) }
  let app = UIApplication.shared
  if let delegateType { app.delegate = try UIApplication.makeDelegate(delegateType) }
  let options: [UIApplication.LaunchOptionsKey: Any]? = nil
  _ = app.delegate?.application(app, willFinishLaunchingWithOptions: options)
  _ = app.delegate?.application(app, didFinishLaunchingWithOptions: options)
  app.delegate?.applicationDidFinishLaunching(app)
  NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: app)
  guard let window = app.keyWindow else {
    throw RingError(
      .cannotPlay,
      "the program has no key window: make one in application(_:didFinishLaunchingWithOptions:) and call makeKeyAndVisible()"
    )
  }
  app.applicationState = .active
  app.delegate?.applicationDidBecomeActive(app)
  NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: app)
  return KeyWindowTree(window: window, runsMainLoop: !task.isRecorded)
}

/// The application's screen as the players and snapshots see it: its key window's size,
/// showing every window shown (a progress HUD's window above the application's, by level).
final class KeyWindowTree: LiveLayerTree {
  let window: UIWindow
  /// The shown windows' layers (`UIApplication.screen`).
  let screen: Layer
  let size: Size
  /// Whether each frame first runs the main run loop once (timers and blocks sent to the
  /// main queue, on the wall clock): when playing, not for a snapshot.
  let runsMainLoop: Bool

  @MainActor init(window: UIWindow, runsMainLoop: Bool = false) {
    size = window.bounds.rect.size
    self.runsMainLoop = runsMainLoop
    self.window = window
    UIApplication.shared.arrangeScreen()
    screen = UIApplication.shared.screen
  }

  /// The layers of the windows shown, lowest first.
  private var windowLayers: [CALayer] {
    nonisolated(unsafe) var layers: [CALayer] = []
    MainActor.assumeIsolated { layers = UIApplication.shared.shownWindows.map(\.layer) }
    return layers
  }

  @MainActor private static func focus(of window: UIWindow) -> Rect {
    var box: Rect?
    func visit(_ layer: CALayer, offset: Point, depth: Int) {
      guard !layer.isHidden else { return }
      let p = layer.backing.properties
      let frame = p.frame
      let origin = Point(
        x: offset.x + frame.minX - p.bounds.minX, y: offset.y + frame.minY - p.bounds.minY)
      let draws =
        layer.backing.kind != .plain || (depth >= 2 && p.backgroundColor.alpha > 0)
      if draws {
        let r = Rect(
          x: origin.x + p.bounds.minX, y: origin.y + p.bounds.minY, width: frame.width,
          height: frame.height)
        box =
          box.map {
            Rect(
              x: min($0.minX, r.minX), y: min($0.minY, r.minY),
              width: max($0.maxX, r.maxX) - min($0.minX, r.minX),
              height: max($0.maxY, r.maxY) - min($0.minY, r.minY))
          } ?? r
      }
      guard layer.backing.kind == .plain else { return }
      for sub in layer.sublayers ?? [] { visit(sub, offset: origin, depth: depth + 1) }
    }
    visit(window.layer, offset: .zero, depth: 0)
    let whole = Rect(origin: .zero, size: window.bounds.rect.size)
    guard let box, let inside = box.intersection(whole), inside.width > 0, inside.height > 0
    else { return whole }
    return inside
  }

  var paletteColors: [RGBAColor] {
    var found: [RGBAColor] = []
    for root in windowLayers.reversed() {
      root.forEachInTree { layer in
        if found.isEmpty, layer.backing.kind == .gradient {
          found = layer.backing.properties.colors
        }
      }
    }
    return found.count >= 2 ? found : RainbowRing.seed.colors
  }

  var accentColors: [RGBAColor] {
    let palette = paletteColors
    var found: [RGBAColor] = []
    func add(_ color: RGBAColor) {
      if color.alpha > 0 && !found.contains(color) && !palette.contains(color) {
        found.append(color)
      }
    }
    // Masks show no colour of their own.
    for root in windowLayers {
      root.forEachShownInTree { layer in
        let p = layer.backing.properties
        add(p.backgroundColor)
        switch layer.backing.kind {
        case .shape:
          add(p.fillColor)
          add(p.strokeColor)
        case .gradient: p.colors.forEach(add)
        case .plain, .replicator, .emitter, .particle: break
        }
      }
    }
    return found
  }

  /// What the window's content covers: every gradient and shape layer, and every plain
  /// layer with a background beneath the root view's; the whole window when there is none.
  var focus: Rect {
    let window = self.window
    return MainActor.assumeIsolated {
      window.layoutIfNeeded()
      return KeyWindowTree.focus(of: window)
    }
  }

  func layer(canvas: Size, background: RGBAColor, origin: Point) -> Layer {
    let host = Layer()
    host.frame = Rect(origin: .zero, size: canvas)
    host.backgroundColor = background.alpha > 0 ? background : nil
    let shift = Layer()
    shift.anchorPoint = .zero
    shift.frame = Rect(x: -origin.x, y: -origin.y, width: size.width, height: size.height)
    shift.addSublayer(screen)
    host.addSublayer(shift)
    return host
  }

  func advance(to time: MediaTime) {
    if runsMainLoop { _ = RunLoop.main.run(mode: .default, before: Date()) }
    Runtime.advance(to: time, root: screen)
  }

  func advance(to time: MediaTime, stoppingAfter limit: Int) -> (stops: Int, time: MediaTime) {
    if runsMainLoop { _ = RunLoop.main.run(mode: .default, before: Date()) }
    return Runtime.advance(to: time, root: screen, stoppingAfter: limit)
  }

  /// The pointer as a touch in the key window (`TouchDelivery`), a turn of its own at the
  /// time the tree was last advanced to: what it changes is laid out and committed, so the
  /// next frame shows it.
  func pointer(_ event: PointerEvent) {
    MainActor.assumeIsolated {
      // The topmost shown window that takes the touch where it begins; the press's own
      // window for the rest of it.
      TouchDelivery.send(event) { point in
        UIApplication.shared.shownWindows.reversed().first {
          $0.hitTest($0.layer.convert(point, from: nil), with: nil) != nil
        } ?? UIApplication.shared.keyWindow
      }
    }
    Runtime.endTurn()
  }
}
