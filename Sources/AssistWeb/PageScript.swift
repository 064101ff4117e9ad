/// The script the app puts in every frame of every page, in the isolated
/// world ``PageScript/world``: page scripts cannot see its variables or
/// reach its message handlers.
///
/// In each frame it collects the parts co-browse cares about — elements
/// with a marker (`setWebPermissions`), the `assist-no-show` class or a
/// configured tag, password fields, and frames — as rectangles in the
/// frame's viewport; a frame asks each child frame for its parts (the
/// child's own copy answers, also across origins, through `postMessage`
/// with the exact child window checked) and moves them into its viewport,
/// clipped to the frame; a child that does not answer in 500 ms is hidden
/// whole. The top frame posts the result to ``PageScript/reportHandler``.
/// A scroll, resize, DOM change, focus change or load anywhere announces a
/// change at once and reports on the next animation frame; a check every
/// 500 ms reports what changed unannounced (a CSS animation).
///
/// The agent's clicks and text enter through the top frame and travel down
/// to the frame under the point or holding the focus, which performs them
/// only after the app confirms the one-time token through
/// ``PageScript/askHandler``: a page posting to a frame cannot make it act.
enum PageScript {
    /// The isolated script world.
    static let world = "assist-web"
    /// The handler for the script's reports (no answer).
    static let reportHandler = "assistWebReport"
    /// The handler for the script's questions (answered).
    static let askHandler = "assistWebAsk"

    /// The script's source.
    static let source = #"""
(function () {
  'use strict';
  var handlers = window.webkit && window.webkit.messageHandlers;
  if (!handlers || !handlers.assistWebReport || !handlers.assistWebAsk || window.assistWebPage) return;
  var reportHandler = handlers.assistWebReport;
  var askHandler = handlers.assistWebAsk;
  var isTop = window === window.top;
  var NO_SHOW = 'assist-no-show';
  var QUERY = 'assistWebQuery', REPLY = 'assistWebReply', CHANGED = 'assistWebChanged';
  var CLICK = 'assistWebClick', TYPE = 'assistWebType';
  var FRAME_PATIENCE_MS = 500, RECHECK_MS = 500, MAX_PARTS = 4000;
  var NOT_TEXT = /^(button|submit|reset|checkbox|radio|file|image|hidden|range|color)$/i;

  var configuration = { markers: {}, tags: [] };
  var page = null;
  var generation = 0, changeAnnounced = false, scheduled = false, collecting = false, again = false;
  var lastReport = '';

  /* Nothing goes to the app before it said which page this is: it ignores
   * reports of a page it navigated away from. */
  function post(message) {
    if (page === null) return;
    message.page = page;
    try { reportHandler.postMessage(JSON.stringify(message)); } catch (error) { /* the view is gone */ }
  }

  function cleanConfiguration(value) {
    var clean = { markers: {}, tags: [] };
    if (!value || typeof value !== 'object') return clean;
    if (value.markers && typeof value.markers === 'object') {
      Object.keys(value.markers).forEach(function (id) {
        if (typeof value.markers[id] === 'string') clean.markers[id] = value.markers[id];
      });
    }
    if (Array.isArray(value.tags)) {
      clean.tags = value.tags.filter(function (tag) { return typeof tag === 'string' && tag.length > 0; });
    }
    return clean;
  }

  function isFrame(element) { return element.tagName === 'IFRAME' || element.tagName === 'FRAME'; }

  function takesText(element) {
    if (!element) return false;
    if (element.isContentEditable || element.tagName === 'TEXTAREA') return true;
    return element.tagName === 'INPUT' && !NOT_TEXT.test(element.type);
  }

  function rectOf(element) {
    var r = element.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  }

  /* The frame's viewport in its parent's viewport: the content box. */
  function contentBox(frame) {
    var r = frame.getBoundingClientRect(), style = getComputedStyle(frame);
    var left = parseFloat(style.paddingLeft) || 0, top = parseFloat(style.paddingTop) || 0;
    var right = parseFloat(style.paddingRight) || 0, bottom = parseFloat(style.paddingBottom) || 0;
    return {
      x: r.x + frame.clientLeft + left, y: r.y + frame.clientTop + top,
      w: Math.max(frame.clientWidth - left - right, 0), h: Math.max(frame.clientHeight - top - bottom, 0)
    };
  }

  function clip(rect, box) {
    var x0 = Math.max(rect.x, box.x), y0 = Math.max(rect.y, box.y);
    var x1 = Math.min(rect.x + rect.w, box.x + box.w), y1 = Math.min(rect.y + rect.h, box.y + box.h);
    return { x: x0, y: y0, w: Math.max(x1 - x0, 0), h: Math.max(y1 - y0, 0) };
  }

  function finite(value) { return typeof value === 'number' && isFinite(value); }

  /* A child frame's answer, or null when it is not one our script could have made. */
  function checkedAnswer(answer) {
    if (!answer || typeof answer !== 'object' || !Array.isArray(answer.parts) || answer.parts.length > MAX_PARTS) return null;
    for (var i = 0; i < answer.parts.length; i++) {
      var p = answer.parts[i];
      if (!p || typeof p !== 'object' || !finite(p.x) || !finite(p.y) || !finite(p.w) || !finite(p.h)) return null;
      if (p.parent !== null && !(Number.isInteger(p.parent) && p.parent >= 0 && p.parent < i)) return null;
      if (p.marker !== null && typeof p.marker !== 'string') return null;
      if (!Array.isArray(p.tags) || !p.tags.every(function (t) { return typeof t === 'string'; })) return null;
    }
    var f = answer.focus;
    if (f !== null && (!f || !finite(f.x) || !finite(f.y) || !finite(f.w) || !finite(f.h))) return null;
    return answer;
  }

  /* This document's parts: elements with a marker, a hiding or masking class,
   * password fields, and frames (whose content is asked for separately). */
  function localParts(config) {
    var tags = config.tags.concat([NO_SHOW]);
    var selectors = ['iframe', 'frame', 'input[type=password]'].concat(tags.map(function (tag) { return '.' + CSS.escape(tag); }));
    if (Object.keys(config.markers).length > 0) selectors.push('[id]');
    var parts = [], frames = [], index = new Map();
    document.querySelectorAll(selectors.join(',')).forEach(function (element) {
      var marker = element.id && Object.prototype.hasOwnProperty.call(config.markers, element.id) ? config.markers[element.id] : null;
      var own = tags.filter(function (tag) { return element.classList.contains(tag); });
      var password = element.tagName === 'INPUT' && element.type === 'password';
      var frame = isFrame(element);
      if (marker === null && own.length === 0 && !password && !frame) return;
      var parent = null;
      for (var up = element.parentElement; up; up = up.parentElement) {
        if (index.has(up)) { parent = index.get(up); break; }
      }
      var r = rectOf(element);
      index.set(element, parts.length);
      parts.push({ parent: parent, x: r.x, y: r.y, w: r.w, h: r.h, marker: marker, tags: own, password: password });
      if (frame) frames.push({ element: element, part: parts.length - 1 });
    });
    return { parts: parts, frames: frames };
  }

  function askFrame(frame, config) {
    return new Promise(function (resolve) {
      var child = frame.contentWindow;
      if (!child) { resolve(null); return; }
      var id = Math.random().toString(36).slice(2) + Date.now().toString(36);
      var timer = setTimeout(function () { finish(null); }, FRAME_PATIENCE_MS);
      function listener(event) {
        if (event.source !== child || !event.data || event.data[REPLY] !== id) return;
        finish(checkedAnswer(event.data.answer));
      }
      function finish(answer) {
        clearTimeout(timer);
        window.removeEventListener('message', listener);
        resolve(answer);
      }
      window.addEventListener('message', listener);
      var query = {};
      query[QUERY] = id;
      query.markers = config.markers;
      query.tags = config.tags;
      try { child.postMessage(query, '*'); } catch (error) { finish(null); }
    });
  }

  /* Every part of this document and of the frames inside it, in this
   * document's viewport. A frame that does not answer is hidden whole. */
  function collect(config) {
    var local = localParts(config);
    var active = document.activeElement;
    var focus = takesText(active) ? rectOf(active) : null;
    return Promise.all(local.frames.map(function (frame) { return askFrame(frame.element, config); })).then(function (answers) {
      var parts = local.parts;
      answers.forEach(function (answer, i) {
        var frame = local.frames[i], box = contentBox(frame.element);
        if (!answer) { parts[frame.part].tags.push(NO_SHOW); return; }
        var base = parts.length;
        answer.parts.forEach(function (p) {
          var r = clip({ x: p.x + box.x, y: p.y + box.y, w: p.w, h: p.h }, box);
          parts.push({ parent: p.parent === null ? frame.part : p.parent + base, x: r.x, y: r.y, w: r.w, h: r.h,
                       marker: p.marker, tags: p.tags, password: p.password === true });
        });
        if (active === frame.element && answer.focus) {
          focus = clip({ x: answer.focus.x + box.x, y: answer.focus.y + box.y, w: answer.focus.w, h: answer.focus.h }, box);
        }
      });
      return { parts: parts.slice(0, MAX_PARTS), focus: focus };
    });
  }

  function report(force) {
    if (collecting) { again = true; return; }
    collecting = true;
    var started = generation;
    collect(configuration).then(function (result) {
      collecting = false;
      var text = JSON.stringify(result);
      if (force || text !== lastReport || generation !== started) {
        lastReport = text;
        changeAnnounced = generation !== started;
        post({ kind: 'parts', generation: started, latest: generation, width: window.innerWidth,
               height: window.innerHeight, parts: result.parts, focus: result.focus });
      }
      if (again || generation !== started) { again = false; schedule(); }
    });
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () { scheduled = false; report(true); });
  }

  /* Something may have moved: the top frame tells the app at once (it hides
   * the page until the new parts arrive) and reports on the next frame;
   * a child frame tells its parent. */
  function changed() {
    if (!isTop) {
      var notice = {};
      notice[CHANGED] = true;
      try { window.parent.postMessage(notice, '*'); } catch (error) { /* detached */ }
      return;
    }
    generation += 1;
    if (!changeAnnounced) { changeAnnounced = true; post({ kind: 'changed', generation: generation }); }
    schedule();
  }

  function isChildFrame(source) {
    return Array.prototype.some.call(document.querySelectorAll('iframe,frame'), function (frame) {
      return frame.contentWindow === source;
    });
  }

  /* The app says whether an input it asked for may run here (its token is
   * good once): a page cannot make a frame act by posting to it. */
  function confirmed(token, action) {
    askHandler.postMessage(JSON.stringify({ kind: 'confirm', token: token })).then(function (answer) {
      if (answer === true) action();
    }, function () {});
  }

  function activate(element, x, y) {
    var options = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, button: 0, view: window };
    element.dispatchEvent(new PointerEvent('pointerdown', options));
    element.dispatchEvent(new MouseEvent('mousedown', options));
    if (typeof element.focus === 'function') element.focus();
    element.dispatchEvent(new PointerEvent('pointerup', options));
    element.dispatchEvent(new MouseEvent('mouseup', options));
    element.click();
  }

  function clickAt(x, y, token) {
    var element = document.elementFromPoint(x, y);
    if (!element) return;
    if (isFrame(element) && element.contentWindow) {
      var box = contentBox(element), command = {};
      command[CLICK] = { x: x - box.x, y: y - box.y, token: token };
      element.contentWindow.postMessage(command, '*');
      return;
    }
    confirmed(token, function () { activate(element, x, y); });
  }

  function insert(element, text) {
    if (element.isContentEditable) { document.execCommand('insertText', false, text); return; }
    try {
      element.setRangeText(text, element.selectionStart, element.selectionEnd, 'end');
    } catch (error) {
      element.value += text;
    }
    element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
  }

  function typeText(text, token) {
    var element = document.activeElement;
    if (element && isFrame(element) && element.contentWindow) {
      var command = {};
      command[TYPE] = { text: text, token: token };
      element.contentWindow.postMessage(command, '*');
      return;
    }
    if (!takesText(element)) return;
    confirmed(token, function () { if (document.activeElement === element) insert(element, text); });
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (!isTop && event.source === window.parent) {
      if (typeof data[QUERY] === 'string') {
        var config = cleanConfiguration(data);
        collect(config).then(function (answer) {
          var reply = {};
          reply[REPLY] = data[QUERY];
          reply.answer = answer;
          window.parent.postMessage(reply, '*');
        });
      } else if (data[CLICK] && finite(data[CLICK].x) && finite(data[CLICK].y) && typeof data[CLICK].token === 'string') {
        clickAt(data[CLICK].x, data[CLICK].y, data[CLICK].token);
      } else if (data[TYPE] && typeof data[TYPE].text === 'string' && typeof data[TYPE].token === 'string') {
        typeText(data[TYPE].text, data[TYPE].token);
      }
    } else if (data[CHANGED] === true && isChildFrame(event.source)) {
      changed();
    }
  });

  function watch() {
    new MutationObserver(changed).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    window.addEventListener('scroll', changed, { capture: true, passive: true });
    window.addEventListener('resize', changed);
    window.addEventListener('load', changed, true);
    document.addEventListener('focusin', changed, true);
    document.addEventListener('focusout', changed, true);
    var sizes = new ResizeObserver(changed);
    if (document.documentElement) sizes.observe(document.documentElement);
    else document.addEventListener('DOMContentLoaded', function () { sizes.observe(document.documentElement); });
  }

  window.assistWebPage = {
    configure: function (json) { configuration = cleanConfiguration(JSON.parse(json)); changed(); },
    click: clickAt,
    type: typeText
  };
  watch();
  if (isTop) {
    askHandler.postMessage(JSON.stringify({ kind: 'configuration' })).then(function (json) {
      var answer = JSON.parse(json);
      configuration = cleanConfiguration(answer);
      page = Number.isInteger(answer.page) ? answer.page : null;
      changed();
    }, function () {});
    setInterval(function () { if (!scheduled) report(false); }, RECHECK_MS);
  }
})();
"""#
}
