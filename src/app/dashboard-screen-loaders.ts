// The chunks of the dashboard's screens, apart from screens.ts: every public page loads the
// screens' table, and each lazy import there carries the list of chunks to fetch beside its
// screen's. The dashboard's lists named 26 chunks no public screen uses (docs/decisions.md D106).
// screens.ts imports this module when a dashboard screen is first wanted; whoever opens one waits
// for the signed-in session anyway, which takes longer.

export const dashboardScreenLoaders = {
  profile: () => import('./routes/dashboard/profile'),
  myOrders: () => import('./routes/dashboard/my-orders'),
  myCourses: () => import('./routes/dashboard/my-courses'),
  allUsers: () => import('./routes/dashboard/all-users'),
  addBook: () => import('./routes/dashboard/add-book'),
  adminBooks: () => import('./routes/dashboard/admin-books'),
  adminOrders: () => import('./routes/dashboard/admin-orders'),
  adminCourses: () => import('./routes/dashboard/admin-courses'),
  adminCourseEditor: () => import('./routes/dashboard/admin-course-editor'),
  sales: () => import('./routes/dashboard/sales'),
  performance: () => import('./routes/dashboard/performance'),
  reports: () => import('./routes/dashboard/reports'),
};
