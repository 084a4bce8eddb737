import Foundation

// Swift 4.1's names of UIKit's nested types (renamed in Swift 4.2), which code of that age
// still uses, as the module keeps Core Animation's older global constants.

public typealias UIControlEvents = UIControl.Event
public typealias UIControlState = UIControl.State
public typealias UIControlContentHorizontalAlignment = UIControl.ContentHorizontalAlignment
public typealias UIControlContentVerticalAlignment = UIControl.ContentVerticalAlignment
public typealias UIViewAnimationOptions = UIView.AnimationOptions
public typealias UIViewAnimationCurve = UIView.AnimationCurve
public typealias UIViewKeyframeAnimationOptions = UIView.KeyframeAnimationOptions
public typealias UIViewContentMode = UIView.ContentMode
public typealias UIViewAutoresizing = UIView.AutoresizingMask
public typealias UIViewTintAdjustmentMode = UIView.TintAdjustmentMode
public typealias UIBlurEffectStyle = UIBlurEffect.Style
public typealias UIActivityIndicatorViewStyle = UIActivityIndicatorView.Style
public typealias UIFontWeight = UIFont.Weight
public typealias UIGestureRecognizerState = UIGestureRecognizer.State
public typealias UILayoutConstraintAxis = NSLayoutConstraint.Axis
public typealias UIStackViewDistribution = UIStackView.Distribution
public typealias UIStackViewAlignment = UIStackView.Alignment
public typealias NSLayoutAttribute = NSLayoutConstraint.Attribute
public typealias NSLayoutRelation = NSLayoutConstraint.Relation
public typealias UIImageRenderingMode = UIImage.RenderingMode
public typealias UITouchPhase = UITouch.Phase
public typealias UIButtonType = UIButton.ButtonType
public typealias UISwipeGestureRecognizerDirection = UISwipeGestureRecognizer.Direction
public typealias UIProgressViewStyle = UIProgressView.Style
public typealias UIImpactFeedbackStyle = UIImpactFeedbackGenerator.FeedbackStyle
public typealias UINotificationFeedbackType = UINotificationFeedbackGenerator.FeedbackType
public typealias UIDeviceBatteryState = UIDevice.BatteryState
public typealias UITouchType = UITouch.TouchType
public typealias UIEventType = UIEvent.EventType

// Swift 4.1's names of the notifications, members of `NSNotification.Name`
// (`.UIApplicationWillEnterForeground`), and of the keyboard's user-info keys.
extension NSNotification.Name {
  public static let UIApplicationDidFinishLaunching = UIApplication.didFinishLaunchingNotification
  public static let UIApplicationDidBecomeActive = UIApplication.didBecomeActiveNotification
  public static let UIApplicationWillResignActive = UIApplication.willResignActiveNotification
  public static let UIApplicationDidEnterBackground = UIApplication.didEnterBackgroundNotification
  public static let UIApplicationWillEnterForeground =
    UIApplication.willEnterForegroundNotification
  public static let UIApplicationWillTerminate = UIApplication.willTerminateNotification
  public static let UIApplicationDidReceiveMemoryWarning =
    UIApplication.didReceiveMemoryWarningNotification
  public static let UIApplicationSignificantTimeChange =
    UIApplication.significantTimeChangeNotification
  public static let UIDeviceOrientationDidChange = UIDevice.orientationDidChangeNotification
  public static let UIDeviceBatteryStateDidChange = UIDevice.batteryStateDidChangeNotification
  public static let UIDeviceBatteryLevelDidChange = UIDevice.batteryLevelDidChangeNotification
  public static let UIKeyboardWillShow = UIResponder.keyboardWillShowNotification
  public static let UIKeyboardDidShow = UIResponder.keyboardDidShowNotification
  public static let UIKeyboardWillHide = UIResponder.keyboardWillHideNotification
  public static let UIKeyboardDidHide = UIResponder.keyboardDidHideNotification
  public static let UIKeyboardWillChangeFrame = UIResponder.keyboardWillChangeFrameNotification
  public static let UIKeyboardDidChangeFrame = UIResponder.keyboardDidChangeFrameNotification
  public static let UIContentSizeCategoryDidChange = UIContentSizeCategory.didChangeNotification
}

public let UIKeyboardFrameBeginUserInfoKey = UIResponder.keyboardFrameBeginUserInfoKey
public let UIKeyboardFrameEndUserInfoKey = UIResponder.keyboardFrameEndUserInfoKey
public let UIKeyboardAnimationDurationUserInfoKey = UIResponder.keyboardAnimationDurationUserInfoKey
public let UIKeyboardAnimationCurveUserInfoKey = UIResponder.keyboardAnimationCurveUserInfoKey
