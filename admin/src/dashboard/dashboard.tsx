import { Alert, Card, CardContent, Typography } from '@mui/material';
import { STORE_NAME } from 'shared/config';
import { Title, usePermissions } from 'react-admin';

/** Placeholder until the dashboard issue: totals, recent products and orders come later. */
export function Dashboard() {
  const { permissions, isPending } = usePermissions<string | undefined>();

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {STORE_NAME} admin panel
        </Typography>
        <Typography color="text.secondary">
          This is the admin panel of the store. Products, orders and the store dashboard will appear here.
        </Typography>
        {!isPending && permissions !== 'admin' && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            You are signed in, but your account does not have the admin role. Ask an administrator for access.
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
