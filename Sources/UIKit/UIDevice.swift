import Foundation

/// The device (UIKit's): an iPhone held upright, on its own power. Nothing here changes
/// while a program runs, so no orientation or battery notification is ever posted.
@preconcurrency @MainActor
open class UIDevice: NSObject {
  public static let current = UIDevice()

  public enum UserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay
    case mac = 5
    case vision
  }

  public enum Orientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
  }

  public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

  open var userInterfaceIdiom: UserInterfaceIdiom { .phone }
  open var name: String { "iPhone" }
  open var model: String { "iPhone" }
  open var localizedModel: String { "iPhone" }
  open var systemName: String { "iOS" }
  /// The iOS whose drawing this module follows.
  open var systemVersion: String { "17.0" }
  open var orientation: Orientation { .portrait }
  open var isMultitaskingSupported: Bool { true }
  open var identifierForVendor: UUID? { nil }
  public private(set) var isGeneratingDeviceOrientationNotifications = false
  open var isBatteryMonitoringEnabled = false
  /// -1 (unknown) unless monitoring is on; then full.
  open var batteryLevel: Float { isBatteryMonitoringEnabled ? 1 : -1 }
  open var batteryState: BatteryState { isBatteryMonitoringEnabled ? .full : .unknown }
  open var isProximityMonitoringEnabled = false
  open var proximityState: Bool { false }

  open func beginGeneratingDeviceOrientationNotifications() {
    isGeneratingDeviceOrientationNotifications = true
  }
  open func endGeneratingDeviceOrientationNotifications() {
    isGeneratingDeviceOrientationNotifications = false
  }
  /// The input click sound: silent here.
  open func playInputClick() {}

  nonisolated public static let orientationDidChangeNotification = Notification.Name(
    "UIDeviceOrientationDidChangeNotification")
  nonisolated public static let batteryStateDidChangeNotification = Notification.Name(
    "UIDeviceBatteryStateDidChangeNotification")
  nonisolated public static let batteryLevelDidChangeNotification = Notification.Name(
    "UIDeviceBatteryLevelDidChangeNotification")
}

/// The older global names of the idioms.
public typealias UIUserInterfaceIdiom = UIDevice.UserInterfaceIdiom
public typealias UIDeviceOrientation = UIDevice.Orientation

extension UIApplication {
  /// Posted at launch after the delegate's `application(_:didFinishLaunchingWithOptions:)`.
  nonisolated public static let didFinishLaunchingNotification = Notification.Name(
    "UIApplicationDidFinishLaunchingNotification")
  /// Posted at launch after the delegate's `applicationDidBecomeActive(_:)`.
  nonisolated public static let didBecomeActiveNotification = Notification.Name(
    "UIApplicationDidBecomeActiveNotification")
  /// The names below are never posted: a program here stays active until it quits.
  nonisolated public static let willResignActiveNotification = Notification.Name(
    "UIApplicationWillResignActiveNotification")
  nonisolated public static let didEnterBackgroundNotification = Notification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  nonisolated public static let willEnterForegroundNotification = Notification.Name(
    "UIApplicationWillEnterForegroundNotification")
  nonisolated public static let willTerminateNotification = Notification.Name(
    "UIApplicationWillTerminateNotification")
  nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name(
    "UIApplicationDidReceiveMemoryWarningNotification")
  nonisolated public static let significantTimeChangeNotification = Notification.Name(
    "UIApplicationSignificantTimeChangeNotification")
}

extension UIResponder {
  /// Keyboard notifications: never posted, as there is no on-screen keyboard here.
  nonisolated public static let keyboardWillShowNotification = Notification.Name(
    "UIKeyboardWillShowNotification")
  nonisolated public static let keyboardDidShowNotification = Notification.Name(
    "UIKeyboardDidShowNotification")
  nonisolated public static let keyboardWillHideNotification = Notification.Name(
    "UIKeyboardWillHideNotification")
  nonisolated public static let keyboardDidHideNotification = Notification.Name(
    "UIKeyboardDidHideNotification")
  nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name(
    "UIKeyboardDidChangeFrameNotification")
  nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  nonisolated public static let keyboardAnimationDurationUserInfoKey =
    "UIKeyboardAnimationDurationUserInfoKey"
  nonisolated public static let keyboardAnimationCurveUserInfoKey =
    "UIKeyboardAnimationCurveUserInfoKey"
  nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}
