import Foundation
import Lamina
import LaminaWayland
@testable import lamina
import Testing

/// `lamina show --interactive`'s input handling on a live tree, fed events as the presenter hands them.
@Suite("Interactive show (hover and drag)")
struct InteractiveSceneTests {
    static let json = """
        {"width": 200, "height": 150, "root": {"frame": [0, 0, 200, 150], "backgroundColor": "#202020", "sublayers": [
          {"name": "card", "frame": [20, 20, 60, 40], "backgroundColor": "#e0a030", "borderWidth": 1, "borderColor": "#ffffff",
           "sublayers": [{"frame": [5, 5, 10, 10], "backgroundColor": "#000000"}]},
          {"frame": [120, 20, 40, 40], "backgroundColor": "#30a0e0"}]}}
        """

    @Test("the named layer under the pointer is highlighted (also through an unnamed sublayer) and restored when left")
    func hover() throws {
        let tree = LayerTree(scene: try SceneDecoder().decode(Self.json))
        let scene = InteractiveScene(tree: tree)
        let card = tree.root.sublayers[0]
        scene.handle(.pointerEntered(Point(27, 27)))
        #expect(scene.hovered === card)
        #expect(card.borderWidth == InteractiveScene.highlightWidth && card.borderColor == InteractiveScene.highlightColor)
        scene.handle(.pointerMoved(Point(130, 30)))
        #expect(scene.hovered == nil, "an unnamed layer is not highlighted")
        #expect(card.borderWidth == 1 && card.borderColor == .white)
        scene.handle(.pointerMoved(Point(5, 5)))
        #expect(scene.hovered == nil, "the root is not highlighted")
    }

    @Test("dragging with the left button moves the named layer by the pointer's travel; release ends the drag")
    func drag() throws {
        let tree = LayerTree(scene: try SceneDecoder().decode(Self.json))
        let scene = InteractiveScene(tree: tree)
        let card = tree.root.sublayers[0]
        #expect(card.position == Point(50, 40))
        scene.handle(.pointerMoved(Point(30, 30)))
        scene.handle(.pointerButton(button: 0x110, pressed: true, at: Point(30, 30)))
        scene.handle(.pointerMoved(Point(45, 50)))
        scene.handle(.pointerMoved(Point(100, 100)))
        #expect(card.position == Point(120, 110))
        scene.handle(.pointerButton(button: 0x110, pressed: false, at: Point(100, 100)))
        scene.handle(.pointerMoved(Point(150, 140)))
        #expect(card.position == Point(120, 110))
        #expect(tree.hitTest(Point(140, 120)) === card)
    }

    @Test("a finger drags a named layer too")
    func touchDrag() throws {
        let tree = LayerTree(scene: try SceneDecoder().decode(Self.json))
        let scene = InteractiveScene(tree: tree)
        let card = tree.root.sublayers[0]
        scene.handle(.touchBegan(id: 4, at: Point(30, 30)))
        scene.handle(.touchMoved(id: 4, to: Point(40, 35)))
        scene.handle(.touchEnded(id: 4))
        #expect(card.position == Point(60, 45))
        #expect(card.borderWidth == 1)
    }
}
