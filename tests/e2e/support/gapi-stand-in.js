// A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), which these machines
// cannot download. Firebase's popup sign-in and the Auth Emulator's helper iframe use only
// `gapi.load('gapi.iframes')` and an iframe message channel (open / getParentIframe, register,
// send, ping, restyle); this implements that channel over postMessage. Served by the e2e fixtures.
(function () {
  'use strict';
  var MARK = '__gapiStandIn';
  var FILTER = function () {
    return true;
  };
  var nextId = 1;

  // One end of the channel: `target` is the other window.
  function Channel(getTarget) {
    var handlers = {};
    var queued = {};
    var callbacks = {};
    var channel = this;
    this.getTarget = getTarget;
    this.receive = function (message) {
      if (message.kind === 'reply') {
        var cb = callbacks[message.id];
        delete callbacks[message.id];
        if (cb) cb(message.results);
        return;
      }
      if (handlers[message.name]) channel.answer(message);
      else (queued[message.name] = queued[message.name] || []).push(message);
    };
    this.answer = function (message) {
      var result = handlers[message.name](message.data);
      channel.post({ kind: 'reply', id: message.id, results: [result] });
    };
    this.post = function (message) {
      var target = getTarget();
      if (!target) return;
      message[MARK] = true;
      target.postMessage(message, '*');
    };
    this.register = function (name, handler) {
      handlers[name] = handler;
      (queued[name] || []).splice(0).forEach(channel.answer);
    };
    this.send = function (name, data, cb) {
      var id = String(nextId++);
      if (cb) callbacks[id] = cb;
      channel.post({ kind: 'call', name: name, data: data, id: id });
    };
  }

  var channels = [];
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[MARK]) return;
    channels.forEach(function (channel) {
      if (channel.getTarget() === event.source) channel.receive(message);
    });
  });

  function openIframe(options, onOpen) {
    var element = document.createElement('iframe');
    var style = (options.attributes && options.attributes.style) || {};
    Object.keys(style).forEach(function (key) {
      element.style[key] = style[key];
    });
    var loaded = new Promise(function (resolve) {
      element.addEventListener('load', function () {
        resolve();
      });
    });
    element.src = options.url;
    (options.where || document.body).appendChild(element);
    var channel = new Channel(function () {
      return element.contentWindow;
    });
    channels.push(channel);
    var handle = {
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (cb) {
        return loaded.then(function () {
          if (cb) cb();
        });
      },
      register: channel.register,
      send: channel.send,
    };
    return onOpen ? onOpen(handle) : handle;
  }

  var parentChannel = null;
  var context = {
    open: openIframe,
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () {
          return window.parent;
        });
        channels.push(parentChannel);
      }
      return { register: parentChannel.register, send: parentChannel.send };
    },
  };

  window.gapi = {
    load: function (_modules, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      if (callback) callback();
    },
    iframes: {
      Iframe: function () {},
      CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
      getContext: function () {
        return context;
      },
    },
  };

  // api.js calls `?onload=<name>` (Firebase) or `window.gapi_onload` (the emulator's iframe).
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') window[onload]();
  if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();
