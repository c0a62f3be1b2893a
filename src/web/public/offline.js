// "Try again" reloads the page the visitor asked for (the worker answered it with this page).
document.querySelector('.offline-retry').addEventListener('click', function (event) {
  event.preventDefault();
  window.location.reload();
});
