/// The keys kbd knows by name, with their X11 keysym names and values.
public enum NamedKey: String, Sendable, CaseIterable, Hashable {
    case space = "space"
    case backSpace = "BackSpace"
    case `return` = "Return"
    case keypadEnter = "KP_Enter"
    case tab = "Tab"
    case left = "Left"
    case right = "Right"
    case up = "Up"
    case down = "Down"
    case home = "Home"
    case end = "End"
    case delete = "Delete"
    case shiftLeft = "Shift_L"
    case shiftRight = "Shift_R"
    case capsLock = "Caps_Lock"
    case escape = "Escape"
    case pageUp = "Page_Up"
    case pageDown = "Page_Down"

    /// The X11 keysym name (`BackSpace`, `Shift_L`).
    public var keysymName: String { rawValue }

    /// The X11 keysym value.
    public var keysym: UInt32 {
        switch self {
        case .space: return 0x0020
        case .backSpace: return 0xFF08
        case .tab: return 0xFF09
        case .return: return 0xFF0D
        case .keypadEnter: return 0xFF8D
        case .escape: return 0xFF1B
        case .home: return 0xFF50
        case .left: return 0xFF51
        case .up: return 0xFF52
        case .right: return 0xFF53
        case .down: return 0xFF54
        case .pageUp: return 0xFF55
        case .pageDown: return 0xFF56
        case .end: return 0xFF57
        case .delete: return 0xFFFF
        case .shiftLeft: return 0xFFE1
        case .shiftRight: return 0xFFE2
        case .capsLock: return 0xFFE5
        }
    }

    /// Whether this key is a modifier (changes the next key rather than the text).
    public var isModifier: Bool { self == .shiftLeft || self == .shiftRight || self == .capsLock }
}
