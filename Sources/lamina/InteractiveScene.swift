import Lamina
import LaminaWayland

/// What `lamina show --interactive` does with input: the named layer under the pointer (the hit layer or
/// its nearest named superlayer, never the root) is highlighted with a border, and dragging it with the
/// left button moves its position by the pointer's travel, converted into its superlayer's coordinates.
final class InteractiveScene {
    let tree: LayerTree
    /// The border a hovered layer gets.
    static let highlightColor = Color(red: 0.23, green: 0.51, blue: 0.96)
    static let highlightWidth = 3.0
    private(set) var hovered: LiveLayer?
    private var saved: (width: Double, color: Color)?
    private(set) var dragged: LiveLayer?
    private var lastPoint = Point.zero

    init(tree: LayerTree) { self.tree = tree }

    func handle(_ event: InputEvent) {
        switch event {
        case .pointerEntered(let p), .pointerMoved(let p):
            if let layer = dragged { drag(layer, to: p) } else { hover(namedLayer(at: p)) }
            lastPoint = p
        case .pointerLeft:
            if dragged == nil { hover(nil) }
        case .pointerButton(0x110, let pressed, let p):
            if pressed {
                hover(namedLayer(at: p))
                dragged = hovered
                lastPoint = p
            } else {
                dragged = nil
                hover(namedLayer(at: p))
            }
        case .touchBegan(_, let p):
            hover(namedLayer(at: p))
            dragged = hovered
            lastPoint = p
        case .touchMoved(_, let p):
            if let layer = dragged { drag(layer, to: p) }
            lastPoint = p
        case .touchEnded, .touchCancelled:
            dragged = nil
            hover(nil)
        default:
            break
        }
    }

    /// The hit layer at `point` or its nearest named superlayer, leaving out the root.
    func namedLayer(at point: Point) -> LiveLayer? {
        var layer = tree.hitTest(point)
        while let l = layer, l.superlayer != nil {
            if l.name != nil { return l }
            layer = l.superlayer
        }
        return nil
    }

    private func hover(_ layer: LiveLayer?) {
        guard layer !== hovered else { return }
        if let old = hovered, let saved {
            old.borderWidth = saved.width
            old.borderColor = saved.color
        }
        hovered = layer
        saved = layer.map { ($0.borderWidth, $0.borderColor) }
        if let layer {
            layer.borderWidth = max(layer.borderWidth, Self.highlightWidth)
            layer.borderColor = Self.highlightColor
        }
    }

    private func drag(_ layer: LiveLayer, to point: Point) {
        guard let superlayer = layer.superlayer,
              let from = superlayer.convert(lastPoint, from: nil), let to = superlayer.convert(point, from: nil) else { return }
        layer.position = layer.position + (to - from)
    }
}
