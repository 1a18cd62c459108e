import Foundation
import Lamina
import LaminaWayland

/// A small layer-based app on a `LayerTree`, driven by a presenter's `InputEvent`s: a list that scrolls with
/// momentum and rubber-bands at its ends (springs), two cards that can be dragged and thrown, and a button
/// with a pressed state that counts taps. Times are the tree's (`LayerTree.currentTime`).
public final class InteractiveListDemo {
    public static let size = Size(480, 800)
    public static let rowHeight = 64.0
    public static let rowCount = 40
    /// The list's viewport, in the window.
    public static let viewport = Rect(0, 120, 480, 680)
    static let buttonColor = Color(red: 0.0, green: 0.48, blue: 1.0)
    static let pressedColor = Color(red: 0.0, green: 0.35, blue: 0.75)

    public let tree: LayerTree
    public let content: LiveLayer
    public let button: LiveLayer
    public let label: LiveLayer
    public let cards: [LiveLayer]
    public private(set) var taps = 0

    private enum Target { case button, card(LiveLayer), list }
    private var gesture: (target: Target, start: Point, origin: Point, pressedInside: Bool)?
    private var touchID: Int32?
    private var tracker = VelocityTracker()

    /// The lowest scroll offset (content's y): the last row's bottom at the viewport's bottom.
    public static var minimumOffset: Double { min(0, viewport.height - Double(rowCount) * rowHeight) }

    public init(font: String = "DejaVu Sans") {
        var root = Layer()
        root.setFrame(Rect(0, 0, Self.size.width, Self.size.height))
        root.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
        root.sublayers = [Self.title(font), Self.makeLabel(font), Self.makeButton(font), Self.list(font),
                          Self.card("card-a", Rect(40, 300, 180, 110), Color(red: 1.0, green: 0.58, blue: 0.0), font),
                          Self.card("card-b", Rect(260, 520, 180, 110), Color(red: 0.2, green: 0.78, blue: 0.35), font)]
        tree = LayerTree(scene: Scene(width: Self.size.width, height: Self.size.height, root: root))
        tree.implicitAnimations = true
        label = tree.root.sublayers[1]
        button = tree.root.sublayers[2]
        content = tree.root.sublayers[3].sublayers[0]
        cards = [tree.root.sublayers[4], tree.root.sublayers[5]]
    }

    /// The content's scroll offset as the model holds it (where it comes to rest).
    public var restingOffset: Double { content.position.y }
    /// The offset shown now (the presentation).
    public var shownOffset: Double { content.presentation().position.y }

    public func handle(_ event: InputEvent) {
        let now = tree.currentTime
        switch event {
        case .pointerButton(0x110, true, let p): begin(at: p, now)
        case .pointerButton(0x110, false, let p): end(at: p, now)
        case .pointerMoved(let p): move(to: p, now)
        case .touchBegan(let id, let p) where touchID == nil:
            touchID = id
            begin(at: p, now)
        case .touchMoved(let id, let p) where id == touchID: move(to: p, now)
        case .touchEnded(let id) where id == touchID, .touchCancelled(let id) where id == touchID:
            touchID = nil
            end(at: nil, now)
        case .scroll(_, let dy, let p) where Self.viewport.contains(p) && gesture == nil:
            stopScrolling()
            setWithoutAnimation(content, position: Point(0, max(Self.minimumOffset, min(0, restingOffset - dy))))
        default: break
        }
    }

    private func begin(at p: Point, _ now: Double) {
        tracker.reset()
        tracker.add(p, at: now)
        switch target(at: p) {
        case .button?:
            gesture = (.button, p, button.position, true)
            press(true)
        case .card(let card)?:
            let shown = card.presentation().position
            card.removeAnimation(forKey: "throw")
            setWithoutAnimation(card, position: shown)
            card.zPosition = 1
            cards.filter { $0 !== card }.forEach { $0.zPosition = 0 }
            gesture = (.card(card), p, shown, false)
        case .list?:
            stopScrolling()
            gesture = (.list, p, content.position, false)
        case nil:
            gesture = nil
        }
    }

    private func move(to p: Point, _ now: Double) {
        guard let g = gesture else { return }
        tracker.add(p, at: now)
        switch g.target {
        case .button:
            let inside = button.contains(button.convert(p, from: nil) ?? Point(-1, -1))
            if inside != g.pressedInside { gesture?.pressedInside = inside; press(inside) }
        case .card(let card):
            setWithoutAnimation(card, position: Point(g.origin.x + p.x - g.start.x, g.origin.y + p.y - g.start.y))
        case .list:
            let raw = g.origin.y + p.y - g.start.y
            let shown = ScrollPhysics.dragged(raw, in: Self.minimumOffset...0, dimension: Self.viewport.height)
            setWithoutAnimation(content, position: Point(0, shown))
        }
    }

    private func end(at p: Point?, _ now: Double) {
        guard let g = gesture else { return }
        if let p { tracker.add(p, at: now) }
        gesture = nil
        let v = tracker.velocity
        switch g.target {
        case .button:
            press(false)
            if g.pressedInside {
                taps += 1
                label.text?.string = "Tapped \(taps) time\(taps == 1 ? "" : "s")"
            }
        case .card(let card): throwCard(card, velocity: v)
        case .list: fling(velocity: v.y)
        }
    }

    /// Carries the content from where it is shown to where a flick of `velocity` rests (inside the list's
    /// range), or back to the nearest end when it is pulled past one, on a spring.
    private func fling(velocity: Double) {
        let shown = content.position.y
        let range = Self.minimumOffset...0.0
        let outside = !range.contains(shown)
        let projected = outside ? shown : ScrollPhysics.restingOffset(from: shown, velocity: velocity)
        let target = max(range.lowerBound, min(range.upperBound, projected))
        guard target != shown else { return }
        setWithoutAnimation(content, position: Point(0, target))
        if let spring = try? ScrollPhysics.settle(.position, from: .point(Point(0, shown)), to: .point(Point(0, target)),
                                                  distance: target - shown, velocity: velocity) {
            try? content.add(spring, forKey: "scroll")
        }
    }

    /// Throws a card: it glides the way it was thrown (decelerating faster than a list) and stays in the window.
    private func throwCard(_ card: LiveLayer, velocity v: Point) {
        let from = card.position
        let half = Size(card.bounds.width / 2, card.bounds.height / 2)
        let x = ScrollPhysics.restingOffset(from: from.x, velocity: v.x, rate: 0.99)
        let y = ScrollPhysics.restingOffset(from: from.y, velocity: v.y, rate: 0.99)
        let to = Point(max(half.width, min(Self.size.width - half.width, x)), max(half.height, min(Self.size.height - half.height, y)))
        let distance = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
        guard distance > 0.5 else { return }
        let along = (v.x * (to.x - from.x) + v.y * (to.y - from.y)) / distance
        setWithoutAnimation(card, position: to)
        if let spring = try? ScrollPhysics.settle(.position, from: .point(from), to: .point(to), distance: distance,
                                                  velocity: along, stiffness: 120) {
            try? card.add(spring, forKey: "throw")
        }
    }

    private func stopScrolling() {
        guard content.animation(forKey: "scroll") != nil else { return }
        let shown = shownOffset
        content.removeAnimation(forKey: "scroll")
        setWithoutAnimation(content, position: Point(0, shown))
    }

    private func press(_ pressed: Bool) {
        tree.begin(animationDuration: 0.1)
        button.backgroundColor = pressed ? Self.pressedColor : Self.buttonColor
        button.affineTransform = pressed ? .scale(0.95, 0.95) : .identity
        tree.commit()
    }

    private func setWithoutAnimation(_ layer: LiveLayer, position: Point) {
        tree.begin(disableActions: true)
        layer.position = position
        tree.commit()
    }

    private func target(at p: Point) -> Target? {
        var layer = tree.hitTest(p)
        while let l = layer {
            if l === button { return .button }
            if let card = cards.first(where: { $0 === l }) { return .card(card) }
            if l === content.superlayer { return .list }
            layer = l.superlayer
        }
        return nil
    }
}
