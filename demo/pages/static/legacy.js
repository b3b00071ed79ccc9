/*
 * Legacy page code (2012 style: a classic script, no modules, no framework).
 * It proves the SDK's bus is mirrored onto `document`: every tl-* event it hears is listed in
 * #legacy_event_log. Extra event names can be listed in the log's data-events attribute.
 */
(function () {
  'use strict';
  var KNOWN = [
    'tl-post-saved',
    'tl-auto-send-change',
    'tl-follow-change',
    'tl-subscription-change',
    'tl-block-change',
    'tl-staff-flag-change',
    'tl-gif-select',
    'tl-ask-sent',
    'tl-message-sent',
    'tl-share',
    'tl-share-sent',
    'tl-like-change',
    'tl-reblog',
    'tl-composer-open',
    'tl-composer-close',
    'tl-drawer-open',
    'tl-drawer-close',
    'tl-video-play',
    'tl-video-pause',
    'tl-error',
    'tl-post-action',
  ];
  var MAX = 8;

  function describe(detail) {
    if (detail === undefined || detail === null) return '';
    try {
      var text = JSON.stringify(detail);
      return text.length > 80 ? text.slice(0, 79) + '…' : text;
    } catch (e) {
      return String(detail);
    }
  }

  function init() {
    var log = document.getElementById('legacy_event_log');
    if (!log) return;
    var extra = (log.getAttribute('data-events') || '').split(/[\s,]+/);
    var names = KNOWN.concat(extra).filter(function (n, i, all) {
      return n && all.indexOf(n) === i;
    });
    names.forEach(function (name) {
      document.addEventListener(name, function (event) {
        var item = document.createElement('li');
        var time = document.createElement('span');
        time.className = 'event_time';
        time.textContent = new Date().toTimeString().slice(0, 8);
        var label = document.createElement('strong');
        label.textContent = event.type;
        var detail = document.createElement('span');
        detail.className = 'event_detail';
        detail.textContent = describe(event.detail);
        item.appendChild(time);
        item.appendChild(label);
        item.appendChild(detail);
        log.insertBefore(item, log.firstChild);
        while (log.children.length > MAX) log.removeChild(log.lastChild);
        log.setAttribute('data-count', String((Number(log.getAttribute('data-count')) || 0) + 1));
      });
    });
  }

  // The sidebar's "Find a GIF" box shows the GIF picked in <gif-search> (tl-gif-select).
  function initGifPick() {
    var pick = document.getElementById('gif_pick');
    if (!pick) return;
    document.addEventListener('tl-gif-select', function (event) {
      var media = event.detail || {};
      var url = String(media.mediaUrl || '');
      if (!/^(https?:)?\//.test(url)) return;
      var img = pick.querySelector('img');
      img.src = url;
      img.alt = 'Picked GIF' + (media.rootBlog ? ' from ' + media.rootBlog : '');
      img.width = 150;
      img.height = Math.round((150 * (Number(media.height) || 1)) / (Number(media.width) || 1));
      pick.querySelector('figcaption').textContent =
        'Picked' +
        (media.rootBlog ? ' from ' + media.rootBlog : '') +
        (media.postTags && media.postTags.length
          ? ' · #' +
            media.postTags
              .filter(function (t) {
                return !/^gifs?$/i.test(t);
              })
              .slice(0, 3)
              .join(' #')
          : '');
      pick.hidden = false;
    });
  }

  // The sidebar's "Messages" box: buttons with data-message-blog open a conversation in <messaging-dock>.
  function initMessageButtons() {
    document.addEventListener('click', function (event) {
      var target = event.target;
      var button = target && target.closest ? target.closest('[data-message-blog]') : null;
      if (!button) return;
      event.preventDefault();
      document.dispatchEvent(
        new CustomEvent('tl-messaging-open-request', { detail: { blogName: button.getAttribute('data-message-blog') } }),
      );
    });
  }

  // ?composer=inline: an Edit link opens the post form in place of the post being edited, through
  // the element's attributes (<post-composer inline post-id>); the post comes back when it closes.
  function initInlineEdit() {
    if (!document.querySelector('post-composer[inline]')) return;
    document.addEventListener('click', function (event) {
      if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      var target = event.target;
      var link = target && target.closest ? target.closest('a.post_control.edit') : null;
      var post = link ? link.closest('li[data-post-id]') : null;
      if (!post || post.querySelector('post-composer')) return;
      event.preventDefault();
      var composer = document.createElement('post-composer');
      composer.setAttribute('inline', '');
      composer.setAttribute('post-id', post.getAttribute('data-post-id'));
      composer.className = 'inline_editor';
      composer.addEventListener('tl-composer-close', function () {
        if (composer.parentNode) composer.parentNode.removeChild(composer);
      });
      post.insertBefore(composer, post.firstChild);
    });
  }

  // A post that leaves its list through the SDK: deleted (the dashboard's Delete, or Delete in the
  // blog drawer), or published, queued, answered, approved or denied on the blog's drafts, queue and
  // inbox pages. Focus, if it was on the post, moves to the next post (or the list); the page's status
  // line (if it has one) says what happened.
  var LEAVES = {
    delete: 'Deleted.',
    publish: 'Published.',
    queue: 'Queued.',
    answer: 'Answered and published.',
    approveSubmission: 'Submission accepted.',
    denySubmission: 'Submission denied.',
  };
  function initDeletedPosts() {
    document.addEventListener('tl-post-action', function (event) {
      var detail = event.detail || {};
      if (!Object.prototype.hasOwnProperty.call(LEAVES, detail.action) || detail.outcome !== 'success') return;
      var post = document.getElementById('post_' + String(detail.postId));
      if (!post) return;
      var hadFocus = post.contains(document.activeElement);
      var next = post.nextElementSibling || post.previousElementSibling;
      var list = post.parentNode;
      post.parentNode.removeChild(post);
      var status = document.getElementById('post_action_status');
      if (status) status.textContent = LEAVES[detail.action];
      if (!hadFocus) return;
      var target = next ? next.querySelector('a.post_permalink, button, textarea') : null;
      if (!target && list) {
        list.setAttribute('tabindex', '-1');
        target = list;
      }
      if (target) target.focus();
    });
  }

  function start() {
    init();
    initGifPick();
    initMessageButtons();
    initInlineEdit();
    initDeletedPosts();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
