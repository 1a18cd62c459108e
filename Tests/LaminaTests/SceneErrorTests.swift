import Testing
@testable import Lamina

/// Every rule of SCENE_FORMAT.md fed a wrong value: the one-line message names the file, the JSON path
/// and what was expected.
@Suite struct SceneErrorTests {
    @Test func theFormatsOwnExample() {
        let json = sceneWithRoot(#""sublayers": [{}, {}, {"cornerRadius": -5}]"#)
        #expect(sceneErrorLine(json) == "card.json: root.sublayers[2].cornerRadius: expected a number ≥ 0, got -5")
        do {
            _ = try SceneDecoder().decode(json, fileName: "card.json")
        } catch {
            #expect(error.kind == .badInput && error.kind.exitCode == 1)
            #expect(error.file == "card.json" && error.path == "root.sublayers[2].cornerRadius")
        }
    }

    @Test(arguments: [
        ("[1]", "card.json: expected a scene object at the top level, got [1]"),
        (#"{"height": 1, "root": {}}"#, #"card.json: missing required key "width""#),
        (#"{"width": 1, "root": {}}"#, #"card.json: missing required key "height""#),
        (#"{"width": 1, "height": 1}"#, #"card.json: missing required key "root""#),
        (#"{"width": 0, "height": 1, "root": {}}"#, "card.json: width: expected a number > 0, got 0"),
        (#"{"width": "100", "height": 1, "root": {}}"#, #"card.json: width: expected a number > 0, got "100""#),
        (#"{"width": 1, "height": -2, "root": {}}"#, "card.json: height: expected a number > 0, got -2"),
        (#"{"width": 1, "height": 1, "scale": 0, "root": {}}"#, "card.json: scale: expected a number > 0, got 0"),
        (#"{"width": 1, "height": 1, "background": "grey", "root": {}}"#, #"card.json: background: unknown color name "grey"; did you mean "gray"?"#),
        (#"{"width": 1, "height": 1, "groupOpacity": 1, "root": {}}"#, "card.json: groupOpacity: expected true or false, got 1"),
        (#"{"widht": 1, "height": 1, "root": {}}"#, #"card.json: widht: unknown key "widht"; did you mean "width"?"#),
        (#"{"width": 1, "height": 1, "root": 5}"#, "card.json: root: expected a layer (an object), got 5"),
        (#"{"width": 1, "height": 1, "images": [], "root": {}}"#, "card.json: images: expected an object mapping image names to sources, got []"),
        (#"{"width": 1, "height": 1, "root": {}, }"#, "card.json: invalid JSON: line 1, column 39: expected a string key in double quotes, got '}'"),
        (#"{"width": 1e999, "height": 1, "root": {}}"#, "card.json: invalid JSON: line 1, column 11: number 1e999 is out of range"),
        (#"{"width": 1, "width": 2, "height": 1, "root": {}}"#, #"card.json: invalid JSON: line 1, column 14: duplicate key "width""#),
    ])
    func topLevel(json: String, line: String) {
        #expect(sceneErrorLine(json) == line)
    }

    @Test(arguments: [
        (#"{"width": 16385, "height": 1, "root": {}}"#, "card.json: the canvas 16385×1 pt at scale 1 is 16385×1 px; the limit is 16384 px a side"),
        (#"{"width": 10000, "height": 10000, "scale": 1.6384, "root": {}}"#, "card.json: the canvas 10000×10000 pt at scale 1.6384 is 16384×16384 px = 268435456 pixels; the limit is 268000000 pixels"),
        (#"{"width": 0.4, "height": 10, "root": {}}"#, "card.json: the canvas 0.4×10 pt at scale 1 is 0×10 px; it must be at least 1 px a side"),
        (#"{"width": 8193, "height": 1, "scale": 2, "root": {}}"#, "card.json: the canvas 8193×1 pt at scale 2 is 16386×2 px; the limit is 16384 px a side"),
    ])
    func canvasLimits(json: String, line: String) {
        #expect(sceneErrorLine(json) == line)
    }

    @Test func canvasAtTheLimitsDecodes() {
        #expect(sceneErrorLine(#"{"width": 16384, "height": 16356, "root": {}}"#) == nil)
        #expect(sceneErrorLine(#"{"width": 8192, "height": 8178, "scale": 2, "root": {}}"#) == nil)
    }

    @Test func documentSizeIsCheckedFirst() {
        var bytes = Array(sceneWithRoot("").utf8)
        bytes += [UInt8](repeating: 0x20, count: Limits.maxDocumentBytes + 1 - bytes.count)
        do {
            _ = try SceneDecoder().decode(bytes, fileName: "big.json")
            Issue.record("decoded")
        } catch {
            #expect(error.description == "big.json: the document is 67108865 bytes; scene documents may be at most 67108864 bytes (64 MiB)")
        }
        bytes.removeLast()
        #expect(throws: Never.self) { try SceneDecoder().decode(bytes, fileName: "ok.json") }
    }

    @Test(arguments: [
        (#""cornerRadus": 3"#, #"root.cornerRadus: unknown key "cornerRadus"; did you mean "cornerRadius"?"#),
        (#""BackgroundColor": "red""#, #"root.BackgroundColor: unknown key "BackgroundColor"; did you mean "backgroundColor"?"#),
        (#""shadowBlur": 3"#, #"root.shadowBlur: unknown key "shadowBlur"; did you mean "shadowColor"?"#),
        (#""sublayer": []"#, #"root.sublayer: unknown key "sublayer"; did you mean "sublayers"?"#),
        (#""frame": [0,0,1,1], "bounds": [0,0,1,1]"#, #"root.frame: "frame" cannot be combined with "bounds" (frame sets bounds and position)"#),
        (#""position": [0,0], "frame": [0,0,1,1]"#, #"root.frame: "frame" cannot be combined with "position" (frame sets bounds and position)"#),
        (#""name": 5"#, "root.name: expected a string, got 5"),
        (#""frame": [0,0,-1,1]"#, "root.frame[2]: expected a width ≥ 0, got -1"),
        (#""frame": [0,0,1,-3.5]"#, "root.frame[3]: expected a height ≥ 0, got -3.5"),
        (#""frame": [0,0,1]"#, "root.frame: expected a rect [x, y, width, height], got [0,0,1]"),
        (#""bounds": {"x": 1}"#, "root.bounds: expected a rect [x, y, width, height], got an object"),
        (#""bounds": [0,"1",2,3]"#, #"root.bounds[1]: expected a number (y), got "1""#),
        (#""bounds": [0,0,5,-1]"#, "root.bounds[3]: expected a height ≥ 0, got -1"),
        (#""position": 5"#, "root.position: expected a point [x, y], got 5"),
        (#""position": [1,null]"#, "root.position[1]: expected a number (y), got null"),
        (#""anchorPoint": [0.5]"#, "root.anchorPoint: expected a point [x, y], got [0.5]"),
        (#""affineTransform": [1,0,0,1,0]"#, "root.affineTransform: expected an affine transform [a, b, c, d, tx, ty], got [1,0,0,1,0]"),
        (#""affineTransform": [1,0,0,1,0,true]"#, "root.affineTransform[5]: expected a number (ty), got true"),
        (#""zPosition": "1""#, #"root.zPosition: expected a number, got "1""#),
        (#""hidden": 0"#, "root.hidden: expected true or false, got 0"),
        (#""opacity": 1.5"#, "root.opacity: expected a number in 0…1, got 1.5"),
        (#""opacity": -0.1"#, "root.opacity: expected a number in 0…1, got -0.1"),
        (#""allowsGroupOpacity": "yes""#, #"root.allowsGroupOpacity: expected true or false, got "yes""#),
        (##""backgroundColor": 3"##, ##"root.backgroundColor: expected a color ("#RGB", "#RRGGBB", "#RRGGBBAA", [r, g, b], [r, g, b, a] with components 0…1, or a name such as "red"), got 3"##),
        (#""cornerRadius": -5"#, "root.cornerRadius: expected a number ≥ 0, got -5"),
        (#""cornerRadius": "big""#, #"root.cornerRadius: expected a number ≥ 0, got "big""#),
        (#""maskedCorners": "all""#, #"root.maskedCorners: expected an array of corner names ("minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"), got "all""#),
        (#""maskedCorners": ["minXMinY", "topLeft"]"#, #"root.maskedCorners[1]: expected one of "minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY", got "topLeft"; did you mean "minXMinY"?"#),
        (#""maskedCorners": ["maxYMaxX"]"#, #"root.maskedCorners[0]: expected one of "minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY", got "maxYMaxX"; did you mean "maxXMaxY"?"#),
        (#""maskedCorners": [1]"#, #"root.maskedCorners[0]: expected one of "minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY", got 1"#),
        (#""cornerCurve": "round""#, #"root.cornerCurve: expected "circular" or "continuous", got "round""#),
        (#""cornerCurve": "Continuous""#, #"root.cornerCurve: expected "circular" or "continuous", got "Continuous"; did you mean "continuous"?"#),
        (#""masksToBounds": "true""#, #"root.masksToBounds: expected true or false, got "true""#),
        (#""borderWidth": -1"#, "root.borderWidth: expected a number ≥ 0, got -1"),
        (##""borderColor": [0,0]"##, ##"root.borderColor: expected a color ("#RGB", "#RRGGBB", "#RRGGBBAA", [r, g, b], [r, g, b, a] with components 0…1, or a name such as "red"), got [0,0]"##),
        (#""shadowOpacity": 2"#, "root.shadowOpacity: expected a number in 0…1, got 2"),
        (##""shadowColor": "#12345""##, ##"root.shadowColor: expected a hex color "#RGB", "#RRGGBB" or "#RRGGBBAA", got "#12345""##),
        (#""shadowOffset": [1]"#, "root.shadowOffset: expected a size [width, height], got [1]"),
        (#""shadowOffset": [1, "2"]"#, #"root.shadowOffset[1]: expected a number (height), got "2""#),
        (#""shadowRadius": -3"#, "root.shadowRadius: expected a number ≥ 0, got -3"),
        (#""contents": 1"#, #"root.contents: expected an image name (a key of "images"), got 1"#),
        (#""contents": "cone""#, #"root.contents: unknown image "cone"; the scene's "images" is empty"#),
        (#""contentsRect": [0,0,-1,1]"#, "root.contentsRect[2]: expected a width ≥ 0, got -1"),
        (#""contentsCenter": [0,0,1]"#, "root.contentsCenter: expected a rect [x, y, width, height], got [0,0,1]"),
        (#""contentsGravity": "fill""#, #"root.contentsGravity: expected one of "resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", got "fill""#),
        (#""contentsGravity": "topleft""#, #"root.contentsGravity: expected one of "resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", got "topleft"; did you mean "topLeft"?"#),
        (#""contentsScale": 0"#, "root.contentsScale: expected a number > 0, got 0"),
        (#""minificationFilter": "bilinear""#, #"root.minificationFilter: expected one of "linear", "nearest", "trilinear", got "bilinear"; did you mean "linear"?"#),
        (#""magnificationFilter": 1"#, #"root.magnificationFilter: expected one of "linear", "nearest", "trilinear", got 1"#),
        (#""minificationFilterBias": null"#, "root.minificationFilterBias: expected a number, got null"),
        (#""shouldRasterize": null"#, "root.shouldRasterize: expected true or false, got null"),
        (#""rasterizationScale": -1"#, "root.rasterizationScale: expected a number > 0, got -1"),
        (#""mask": []"#, "root.mask: expected a layer (an object), got []"),
        (#""mask": {"opacty": 1}"#, #"root.mask.opacty: unknown key "opacty"; did you mean "opacity"?"#),
        (#""sublayers": {}"#, "root.sublayers: expected an array of layers, got {}"),
        (#""sublayers": [{}, 3]"#, "root.sublayers[1]: expected a layer (an object), got 3"),
        (#""sublayers": [{"sublayers": [{"hidden": "no"}]}]"#, #"root.sublayers[0].sublayers[0].hidden: expected true or false, got "no""#),
    ])
    func layerRules(body: String, expected: String) {
        #expect(rootErrorLine(body) == "card.json: " + expected)
    }

    @Test(arguments: [
        (#""shadowPath": "M0 0""#, #"root.shadowPath: expected a path ({"rect": rect}, {"ellipse": rect}, {"roundedRect": rect, "radius": r} or {"svg": "M…", "fillRule": …}), got "M0 0""#),
        (#""shadowPath": {}"#, #"root.shadowPath: expected one of "rect", "ellipse", "roundedRect" or "svg" in a path"#),
        (#""shadowPath": {"rect": [0,0,1,1], "ellipse": [0,0,1,1]}"#, #"root.shadowPath: a path has exactly one shape, got both "rect" and "ellipse""#),
        (#""shadowPath": {"elipse": [0,0,1,1]}"#, #"root.shadowPath.elipse: unknown key "elipse"; did you mean "ellipse"?"#),
        (#""shadowPath": {"rect": [0,0,1]}"#, "root.shadowPath.rect: expected a rect [x, y, width, height], got [0,0,1]"),
        (#""shadowPath": {"ellipse": [0,0,-1,1]}"#, "root.shadowPath.ellipse[2]: expected a width ≥ 0, got -1"),
        (#""shadowPath": {"rect": [0,0,1,1], "radius": 3}"#, #"root.shadowPath.radius: "radius" belongs to a "roundedRect" path, not "rect""#),
        (#""shadowPath": {"ellipse": [0,0,1,1], "fillRule": "evenOdd"}"#, #"root.shadowPath.fillRule: "fillRule" belongs to an "svg" path, not "ellipse""#),
        (#""shadowPath": {"roundedRect": [0,0,1,1]}"#, #"root.shadowPath: a "roundedRect" path needs "radius""#),
        (#""shadowPath": {"roundedRect": [0,0,1,1], "radius": -2}"#, "root.shadowPath.radius: expected a number ≥ 0, got -2"),
        (#""shadowPath": {"svg": 5}"#, "root.shadowPath.svg: expected SVG path data (a string), got 5"),
        (#""shadowPath": {"svg": "L 1 1"}"#, "root.shadowPath.svg: path data must begin with M or m, got 'L' at character 1 of the path data"),
        (#""shadowPath": {"svg": "M 1 1 L 2 x"}"#, "root.shadowPath.svg: expected a number (lineto y), got 'x' at character 11 of the path data"),
        (#""shadowPath": {"svg": "M0 0 A 5 5 0 2 0 1 1"}"#, "root.shadowPath.svg: expected a flag 0 or 1 (arc large-arc-flag), got '2' at character 14 of the path data"),
        (#""shadowPath": {"svg": "M0 0 Z 5"}"#, "root.shadowPath.svg: expected a command after Z, got '5' at character 8 of the path data"),
        (#""shadowPath": {"svg": "M0 0 X"}"#, "root.shadowPath.svg: expected a number (lineto x), got 'X' at character 6 of the path data"),
        (#""shadowPath": {"svg": "M0 0 L1 1", "fillRule": "evenodd"}"#, #"root.shadowPath.fillRule: expected "nonZero" or "evenOdd", got "evenodd"; did you mean "evenOdd"?"#),
    ])
    func pathRules(body: String, expected: String) {
        #expect(rootErrorLine(body) == "card.json: " + expected)
    }

    @Test func pathsOfImageNamesQuoteOddKeys() {
        let line = sceneErrorLine(sceneWithRoot("", top: #""images": {"my cone.png": 5},"#))
        #expect(line == #"card.json: images["my cone.png"]: expected an image source (a relative path or a data:image/png;base64, URI), got 5"#)
    }

    @Test func documentPathsPrintAsGiven() {
        #expect(sceneErrorLine(sceneWithRoot(#""opacity": 7"#), file: "/srv/scenes/a b.json")
                == "/srv/scenes/a b.json: root.opacity: expected a number in 0…1, got 7")
    }
}
